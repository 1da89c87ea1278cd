/** Field path (`lma.name`, `dealers[0].bac`, '' for the whole value) to its messages. */
export type FieldErrors = Record<string, string[]>

export type ValidationResult<T> =
  | { success: true; data: T }
  | { success: false; errors: FieldErrors }

/** What `issuesToFieldErrors` reads of a zod issue. */
export interface PathIssue {
  readonly path: readonly PropertyKey[]
  readonly message: string
}

/** `['dealers', 0, 'bac']` → `dealers[0].bac`; the empty path is ''. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else out += out === '' ? String(segment) : `.${String(segment)}`
  }
  return out
}

/** Groups issues by field path, keeping their order and dropping repeated messages. */
export function issuesToFieldErrors(issues: readonly PathIssue[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const key = formatPath(issue.path)
    const messages = errors[key] ?? []
    if (!messages.includes(issue.message)) messages.push(issue.message)
    errors[key] = messages
  }
  return errors
}

/**
 * A 400 on submit (docs/product.md#submission-outcomes): the server's problem body as one message per field, ready for the
 * form. The `errors` map (path → message or list) keeps the first message of each list, and the
 * first letter of each path segment is lower-cased (`Dealers[0].Bac` → `dealers[0].bac`).
 * A plain string body becomes a single form-level message under the key '' (FORM_ERROR_KEY).
 * Anything else answers {}.
 */
export function problemToFieldErrors(body: unknown): Record<string, string> {
  if (typeof body === 'string') {
    const message = body.trim()
    return message === '' ? {} : { [FORM_ERROR_KEY]: message }
  }
  if (typeof body !== 'object' || body === null) return {}
  const errors = (body as { errors?: unknown }).errors
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return {}
  const out: Record<string, string> = {}
  for (const [path, value] of Object.entries(errors)) {
    const message = firstMessage(value)
    if (message !== undefined) out[camelPath(path)] = message
  }
  return out
}

/** The key of a message about the whole form rather than one field. */
export const FORM_ERROR_KEY = ''

function firstMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.find((item): item is string => typeof item === 'string')
  return undefined
}

/** Lower-cases the first letter of every segment: `Lma.Name` → `lma.name`. */
function camelPath(path: string): string {
  return path
    .split('.')
    .map((segment) => segment.charAt(0).toLowerCase() + segment.slice(1))
    .join('.')
}
