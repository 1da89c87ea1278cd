import type { Problem } from '../../shared/http/problem.js'

/** The content type of every error answer (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8'

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  421: 'Misdirected Request',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/** The one error type the application throws on purpose; the error handler turns it into a problem body. */
export class AppError extends Error {
  override name = 'AppError'

  constructor(
    readonly status: number,
    detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail)
  }

  static badRequest(detail: string, errors?: Record<string, string[]>): AppError {
    return new AppError(400, detail, errors)
  }

  static notFound(detail: string): AppError {
    return new AppError(404, detail)
  }

  static conflict(detail: string): AppError {
    return new AppError(409, detail)
  }
}

export function problem(
  status: number,
  detail: string,
  errors?: Record<string, string[]>,
): Problem {
  const body: Problem = {
    type: 'about:blank',
    title: TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Request Error'),
    status,
    detail,
  }
  if (errors) body.errors = errors
  return body
}
