import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { PROBLEM_CONTENT_TYPE, problem } from './app-error.js'

/**
 * Errors the router raises before any hook runs (a malformed percent-encoding, a path
 * parameter over the length limit): a problem body like every other error, and the headers
 * that matter for an error page, since helmet's hook has not run.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400
  request.log.info({ code: error.code }, 'malformed request address')
  reply
    .code(status)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .type(PROBLEM_CONTENT_TYPE)
    .send(
      problem(
        status,
        status === 414 ? 'A part of the address is too long.' : 'The address is not valid.',
      ),
    )
}
