/** Progress lines for a long export, on fake time. */
import { describe, expect, it } from 'vitest';
import { exportProgress } from '../../src/analytics/progress.js';
import { FakeTime, recordingLogger } from '../support/fake-time.js';

describe('exportProgress', () => {
  it('says nothing for a short, fast export', () => {
    const time = new FakeTime();
    const logger = recordingLogger();
    const tick = exportProgress(logger, time, 'Exported', () => 3);
    for (let page = 1; page <= 3; page++) {
      time.advance(200);
      tick(page * 250, page);
    }
    expect(logger.lines).toEqual([]);
  });

  it('says how it is going at least every 5 seconds while pages come slowly', () => {
    const time = new FakeTime();
    const logger = recordingLogger();
    let requests = 0;
    const tick = exportProgress(logger, time, 'Exported', () => requests);
    for (let page = 1; page <= 6; page++) {
      time.advance(2_000);
      requests += 1;
      tick(page * 250, page);
    }
    expect(logger.messages('info')).toEqual(['Exported: 750 rows so far, 3 requests, 6s.', 'Exported: 1,500 rows so far, 6 requests, 12s.']);
  });

  it('and every 10 pages while they come fast', () => {
    const time = new FakeTime();
    const logger = recordingLogger();
    const tick = exportProgress(logger, time, 'Exported', () => 21);
    for (let page = 1; page <= 21; page++) {
      time.advance(10);
      tick(page * 100, page);
    }
    expect(logger.messages('info')).toEqual(['Exported: 1,000 rows so far, 21 requests, 100ms.', 'Exported: 2,000 rows so far, 21 requests, 200ms.']);
  });
});
