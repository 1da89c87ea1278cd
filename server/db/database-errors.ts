/** Socket errors of a database that cannot be reached (refused, reset, timed out, no route). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * SQLSTATEs that mean 'try again later': connection exceptions (class 08), the server shutting
 * down or starting (57P01-57P03), too many connections (53300), a statement timeout (57014).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300|57014)$/

/** What node-postgres, pg-pool and PGlite say when a connection is gone or never came. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^Cannot use a pool after calling end/,
  /^The database is closed/,
  /^PGlite is closed/,
]

/** True when `error` means the database is unreachable or overloaded, not that the query is wrong. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) {
    return true
  }
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true
  // Node reports a refused connection to several addresses as an AggregateError.
  if (error instanceof AggregateError) {
    return error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  }
  return isDatabaseUnavailable(error.cause, depth + 1)
}

/**
 * Marks an 'unavailable' database error with statusCode 503 (which the error handler answers as
 * a 503 problem) and returns it; any other error is returned untouched. The database driver
 * calls this on every error (see unavailable-aware-dialect.ts).
 */
export function markIfUnavailable(error: unknown): unknown {
  if (isDatabaseUnavailable(error)) {
    Object.assign(error as Error, { statusCode: 503 })
  }
  return error
}
