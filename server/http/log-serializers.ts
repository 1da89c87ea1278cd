import type { FastifyRequest } from 'fastify'
import { redactUrl } from './redaction.js'

export { withoutQueryValues } from './redaction.js'

/**
 * A request as the log shows it: its URL through redactUrl (redaction.ts, as traces and metrics
 * are), since the query and the path may carry what opens an enrollment, a draft or a session
 * (the authorization link's `auth` and guid, a status link's token, the sign-in return's `code`
 * and `state`) and logs travel further than the server.
 */
export function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }
}
