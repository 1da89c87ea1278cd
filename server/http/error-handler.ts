import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError, problem } from './app-error.js'

const PROBLEM_TYPE = 'application/problem+json; charset=utf-8'

/** Every error leaves as problem JSON; a stack trace or SQL never does. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.status)
        .type(PROBLEM_TYPE)
        .send(problem(error.status, error.message, error.errors))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {}
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'request'
        errors[key] = [...(errors[key] ?? []), issue.message ?? 'is not valid']
      }
      return reply
        .code(400)
        .type(PROBLEM_TYPE)
        .send(problem(400, 'The request is not valid.', errors))
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply
        .code(status)
        .type(PROBLEM_TYPE)
        .send(problem(status, 'Something went wrong on our end. Please try again later.'))
    }
    return reply
      .code(status)
      .type(PROBLEM_TYPE)
      .send(problem(status, clientMessage(error, status)))
  })

  app.setNotFoundHandler((request, reply) => {
    if (app.hasDecorator('sendSpa') && app.sendSpa(request, reply)) return
    reply
      .code(404)
      .type(PROBLEM_TYPE)
      .send(problem(404, `No such resource: ${request.method} ${request.url.split('?')[0]}`))
  })
}

function clientMessage(error: FastifyError, status: number): string {
  if (status === 413) return 'The request body is too large.'
  if (status === 415) return 'The request body must be JSON.'
  if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return 'The request body is not valid JSON.'
  }
  return error.message
}
