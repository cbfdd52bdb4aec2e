/**
 * The artifact upload that does not finish, through the bundle: `timeout` ends the step, whatever
 * request-timeout says, with the files in place; the upload, which `@actions/artifact` gives no
 * way to stop, still holds the process, and the process ends by itself soon after its outputs and
 * summary are written, with exit code 0. Only a process shows that it ends; what the step reports
 * is tested in process (test/visitors/artifact.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { bundleRun, useServers } from './fixture.js';

const servers = useServers({ analytics: { paths: 300, seed: 3, today: '2026-10-01' }, github: false });

describe('an artifact service that never answers', () => {
  it('timeout ends the upload: the files in place, one warning, and the process ends by itself though the upload goes on', async () => {
    const { sim, artifacts } = servers;
    artifacts.hangCreate = true;
    try {
      const run = await bundleRun(servers, {
        // A request-timeout far past the timeout: the upload still ends at the timeout.
        inputs: { command: 'visitors', 'date-from': '2026-11-14', 'date-to': '2026-11-21', timeout: '2s', 'request-timeout': '30s' },
        env: artifacts.env(),
        masked: [artifacts.signature],
        deadlineMs: 2_000,
        sim,
      });
      expect(artifacts.creates()).toBeGreaterThan(0);
      expect(run.code).toBe(0);
      expect(run.signal).toBeNull();
      expect(run.outputs).toMatchObject({ outcome: 'exported', 'visitors-rows': '300', 'artifact-id': '' });
      expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([
        expect.stringMatching(
          /^::warning::Visitor files not uploaded as an artifact: the upload did not finish \(.*timeout.*\)\. They are in .* on this runner\.$/,
        ),
      ]);
    } finally {
      artifacts.hangCreate = false;
    }
  });
});
