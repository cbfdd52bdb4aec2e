import type { PreviewRun } from '../../src/preview/run-preview.js';

/** A preview run as a renderer sees it: nothing asked or read yet, but what `more` says. */
export function previewRun(more: Partial<PreviewRun> = {}): PreviewRun {
  return {
    status: undefined,
    branch: undefined,
    url: undefined,
    statusId: undefined,
    state: undefined,
    deployment: undefined,
    reason: undefined,
    waitedMs: 0,
    reads: 0,
    ...more,
  };
}
