/**
 * `npm test` says when the bundle's tests on Node 24 are skipped (test/support/node24.ts): a skip
 * nobody is told of reads as a pass.
 */
import { describe, expect, it } from 'vitest';
import setup, { node24, node24Notice } from './node24.js';

describe('the Node 24 runs', () => {
  it('run with a binary ACTION_NODE_24 names, and nothing is said', () => {
    expect(node24({ ACTION_NODE_24: process.execPath })).toBe(process.execPath);
    expect(node24Notice({ ACTION_NODE_24: process.execPath })).toBeUndefined();
  });

  it('are said to be skipped, with why and how to run them, when it is not set or names nothing', () => {
    expect(node24({})).toBeUndefined();
    expect(node24Notice({})).toMatch(/^The bundle's tests on Node 24 \(the runners'\) are skipped: ACTION_NODE_24 is not set\. Set it to a Node 24 binary/);
    expect(node24Notice({ ACTION_NODE_24: '/nowhere/node' })).toContain('ACTION_NODE_24 names /nowhere/node, which is not there');
  });

  it('the global setup prints the notice once, only when they will be skipped', () => {
    const written: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    const saved = process.env.ACTION_NODE_24;
    process.stdout.write = (chunk: string) => {
      written.push(String(chunk));
      return true;
    };
    try {
      delete process.env.ACTION_NODE_24;
      setup();
      process.env.ACTION_NODE_24 = process.execPath;
      setup();
    } finally {
      process.stdout.write = write;
      if (saved === undefined) delete process.env.ACTION_NODE_24;
      else process.env.ACTION_NODE_24 = saved;
    }
    expect(written).toEqual([`${node24Notice({})}\n`]);
  });
});
