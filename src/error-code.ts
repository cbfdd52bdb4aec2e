/**
 * The system error code (`ECONNREFUSED`, `UND_ERR_CONNECT_TIMEOUT`, …) of a failed request,
 * wherever undici or fetch put it: on the error, or on a cause a few levels down ("fetch failed"
 * says nothing; its cause says what). Shared by the API client and the GitHub client.
 */
export function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
