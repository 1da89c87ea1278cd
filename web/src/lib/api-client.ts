import { isProblem, type Problem } from '@shared/http/problem'

/** A failed API call: the HTTP status and, when the server sent one, its problem body. */
export class ApiError extends Error {
  override name = 'ApiError'

  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(errorText(status, body))
  }

  get problem(): Problem | undefined {
    return isProblem(this.body) ? this.body : undefined
  }
}

function errorText(status: number, body: unknown): string {
  if (isProblem(body)) return body.detail || body.title
  if (typeof body === 'string' && body) return body
  if (body !== undefined && body !== null) return JSON.stringify(body, null, 2)
  return `Request failed with status ${status}`
}

export interface RequestOptions {
  signal?: AbortSignal
  headers?: Record<string, string>
}

let bearerToken: (() => string | undefined) | undefined

/** Set by the sign-in once it is ready: requests carry `Authorization: Bearer` only with a token. */
export function setBearerToken(source: (() => string | undefined) | undefined): void {
  bearerToken = source
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  const token = bearerToken?.()
  if (token) headers.authorization = `Bearer ${token}`
  const init: RequestInit = { method, headers, signal: options.signal ?? null }
  if (body !== undefined) {
    headers['content-type'] = 'application/json'
    init.body = JSON.stringify(body)
  }
  const response = await fetch(path, init)
  const text = await response.text()
  const parsed = parseBody(text, response.headers.get('content-type'))
  if (!response.ok) throw new ApiError(response.status, parsed)
  return parsed as T
}

function parseBody(text: string, contentType: string | null): unknown {
  if (!text) return undefined
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body ?? {}, options),
}
