/** The form field a report download carries its ID token in (docs/product.md#reports). */
export const TOKEN_FIELD = 'bearer_token'

/**
 * The ID token a report form carries in its field, if any (an `Authorization` header is checked
 * before the body is read). Runs before the body is validated, so it trusts no shape.
 */
export function formToken(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const field: unknown = Reflect.get(body, TOKEN_FIELD)
  return typeof field === 'string' && field !== '' ? field : undefined
}
