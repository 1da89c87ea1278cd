import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
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

/** Headers every answer written straight to the socket carries (helmet never sees those). */
const RAW_SECURITY_HEADERS = [
  'X-Content-Type-Options: nosniff',
  "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options: DENY',
  'Cache-Control: no-store',
]

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  HPE_INVALID_METHOD: [400, 'The request method is not supported.'],
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an unknown method such as FOO,
 * malformed HTTP, oversized headers, a request that took too long): a problem body with the
 * security headers, written to the socket, which is then closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const [status, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'The request is not valid HTTP.',
  ]
  const body = JSON.stringify(problem(status, detail))
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Connection: close',
      `Content-Type: ${PROBLEM_CONTENT_TYPE}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      ...RAW_SECURITY_HEADERS,
      '',
      body,
    ].join('\r\n'),
  )
}
