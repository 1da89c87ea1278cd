/**
 * What every answer about a capability link carries, and the HTML of the page it opens
 * (server/web/web-plugin.ts): no cache keeps it, and no page it links to learns the token from
 * the Referer (docs/security.md).
 */
export const CAPABILITY_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
} as const
