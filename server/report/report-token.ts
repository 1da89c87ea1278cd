import { bearerToken } from '../auth/bearer-token.js'

/** The form field a report download carries its ID token in (SPEC.md §7). */
export const TOKEN_FIELD = 'bearer_token'

/**
 * The ID token of a report request: the form field when it holds one, else the token of an
 * `Authorization: Bearer` header. Runs before the body is validated, so it trusts no shape.
 */
export function reportToken(body: unknown, authorization: string | undefined): string | undefined {
  if (typeof body === 'object' && body !== null) {
    const field: unknown = Reflect.get(body, TOKEN_FIELD)
    if (typeof field === 'string' && field !== '') return field
  }
  return bearerToken(authorization)
}
