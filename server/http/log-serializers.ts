import type { FastifyRequest } from 'fastify'

/**
 * A request as the log shows it: the query's values are left out, since some carry what opens
 * an enrollment or a session (the authorization link's `auth`, the sign-in return's `code` and
 * `state`) and logs travel further than the server; so is a status link's token in a path.
 */
export function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutQueryValues(request.url).replace(STATUS_TOKEN_IN_PATH, '/status/…'),
    host: request.host,
    remoteAddress: request.ip,
  }
}

const STATUS_TOKEN_IN_PATH = /\/status\/[A-Za-z0-9_-]{20,}/

export function withoutQueryValues(url: string): string {
  const start = url.indexOf('?')
  if (start < 0) return url
  const names = url
    .slice(start + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`)
  return `${url.slice(0, start)}?${names.join('&')}`
}
