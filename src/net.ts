/**
 * Transport facts that both HTTP clients (the documentation API's and GitHub's) rely on: what a
 * failed request's system error code is, whether it proves the request never reached the server,
 * and which hosts are this machine's own.
 */

/**
 * The system error code (`ECONNREFUSED`, `UND_ERR_CONNECT_TIMEOUT`, …) of a failed request,
 * wherever undici or fetch put it: on the error, or on a cause a few levels down ("fetch failed"
 * says nothing; its cause says what).
 */
export function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Network failures that prove the request never reached the server: the name did not resolve,
 * the connection was refused, or it was never established. Only these let a request that
 * creates something be sent again.
 */
const NEVER_REACHED_SERVER = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export function neverReachedServer(code: string | undefined): boolean {
  return code !== undefined && NEVER_REACHED_SERVER.has(code);
}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

/** `localhost`, `127.0.0.0/8` or `[::1]`: the only hosts plain `http` may reach (a key never crosses a network in clear). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
