import { describe, expect, it } from 'vitest';
import { errorCode, isLoopbackHost, neverReachedServer } from '../src/net.js';

describe('transport facts', () => {
  it('lets a POST be retried only after a failure that proves the server never saw it', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']) {
      expect(neverReachedServer(code)).toBe(true);
    }
    for (const code of ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_HEADERS_TIMEOUT', undefined]) {
      expect(neverReachedServer(code)).toBe(false);
    }
  });

  it('isLoopbackHost knows localhost, 127.0.0.0/8 and [::1] only', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['example.com', '10.0.0.1', '128.0.0.1', '::1', 'localhost.example.com', '127.0.0.1.nip.io']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });

  it('finds the system error code on the error or a few causes down, and nowhere else', () => {
    expect(errorCode(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe('ECONNRESET');
    const deep = new Error('fetch failed', { cause: new Error('other side closed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }) });
    expect(errorCode(deep)).toBe('ECONNREFUSED');
    expect(errorCode(new Error('no code'))).toBeUndefined();
    expect(errorCode(Object.assign(new Error('numeric'), { code: 42 }))).toBeUndefined();
    let tooDeep: Error = Object.assign(new Error('bottom'), { code: 'EPIPE' });
    for (let i = 0; i < 5; i++) tooDeep = new Error(`level ${i}`, { cause: tooDeep });
    expect(errorCode(tooDeep)).toBeUndefined();
  });
});
