const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i

/** The token of an `Authorization: Bearer <token>` header (RFC 6750), or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined
  return BEARER.exec(header)?.[1]
}
