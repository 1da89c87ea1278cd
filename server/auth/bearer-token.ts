/**
 * The longest ID token looked at. An Entra ID token with app roles is 1 to 3 KB; a longer one
 * (a groups claim, or an attack on the decoder) is refused with a 401 before it is decoded.
 */
export const MAX_ID_TOKEN_LENGTH = 8 * 1024

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i

/** The token of an `Authorization: Bearer <token>` header (RFC 6750), or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined
  return BEARER.exec(header)?.[1]
}
