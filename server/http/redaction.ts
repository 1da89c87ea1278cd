/**
 * What leaves the process (the request log, the exported traces, the metrics' labels) leaves
 * through redactUrl: a URL, a path or any text, without what opens an enrollment, a draft, a
 * status page or a session (docs/security.md). Every query value goes (the authorization link's
 * `auth`, a draft link's `draft`, the sign-in return's `code` and `state`; the names stay), and
 * so does, anywhere in the text and in any case, the segment after `/status/`, anything of a
 * capability token's shape (server/capability/capability-token.ts: 43 characters of base64url)
 * and any UUID (an enrollment's guid is the authorization link's capability).
 */
export const REDACTED = '…'

/**
 * A query: from a `?` (not one after a space, as in SQL's `?` operator) to the next space or
 * quote, its fragment included; a `?` a space follows (a sentence's) has nothing to leave out.
 */
const QUERY = /(?<!\s)\?([^\s"'<>]*)/g
/**
 * What follows `/status/` in a path: 16 characters or more (a token has 43, with what a paste
 * added or not), so that a route's parameter (`:token`) and `lost-links` stay.
 */
const STATUS_SEGMENT = /(\/status\/)(?![:{])[^/?#\s"'<>]{16,}/gi
/** A capability token's shape: 43 or more base64url characters standing alone. */
const TOKEN_SHAPE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43,}(?![A-Za-z0-9_-])/g
/** A UUID, wherever it stands. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

/** The text (a URL, a path, a span's name, an error's message) without a capability. */
export function redactUrl(text: string): string {
  return withoutQueryValues(text)
    .replace(STATUS_SEGMENT, `$1${REDACTED}`)
    .replace(TOKEN_SHAPE, REDACTED)
    .replace(UUID, REDACTED)
}

/** The text with each query's values left out, its names kept: `/a?b=1&c` is `/a?b=…&c=…`. */
export function withoutQueryValues(text: string): string {
  return text.replace(QUERY, (_query, pairs: string) => `?${withoutValues(pairs)}`)
}

/** The query's names, each with its value left out: `a=1&b` becomes `a=…&b=…`. */
function withoutValues(pairs: string): string {
  return pairs
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=${REDACTED}`)
    .join('&')
}

/**
 * Attributes (a span's, an event's, a link's) with every text in them through redactUrl, in
 * arrays and maps too (OpenTelemetry's AnyValue); `url.query`, a query without its `?`, is
 * redacted as one.
 */
export function redactAttributes(
  attributes: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const redacted: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(attributes)) {
    redacted[key] =
      key === 'url.query' && typeof value === 'string'
        ? redactUrl(withoutValues(value))
        : redactValue(value, 0)
  }
  return redacted
}

/** How deep maps and arrays are followed; deeper, a value is left out. */
const DEEPEST = 8

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactUrl(value)
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return value
  if (depth >= DEEPEST) return REDACTED
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1))
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, redactValue(item, depth + 1)]),
  )
}
