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

/**
 * The last GET answers that came with an ETag (the admin list, docs/performance.md), as text:
 * asked for again, the request names the tag in If-None-Match, and a 304 is answered from here
 * without the body crossing the network again. Memory only, a few answers.
 */
const revalidated = new Map<string, { etag: string; text: string; contentType: string | null }>()
const REVALIDATED_KEPT = 4

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
  return (await answer<T>(method, path, body, options)).body
}

/** An answer's body, and its headers (none when a 304 was answered from the kept answer). */
export interface Answer<T> {
  body: T
  headers: Headers | null
}

async function answer<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  const token = bearerToken?.()
  if (token) headers.authorization = `Bearer ${token}`
  const init: RequestInit = { method, headers, signal: options.signal ?? null }
  if (body !== undefined) {
    headers['content-type'] = 'application/json'
    init.body = JSON.stringify(body)
  }
  const kept = method === 'GET' ? revalidated.get(path) : undefined
  if (kept) headers['if-none-match'] = kept.etag
  const response = await fetch(path, init)
  if (kept && response.status === 304) {
    return { body: parseBody(kept.text, kept.contentType) as T, headers: null }
  }
  const text = await response.text()
  const contentType = response.headers.get('content-type')
  const parsed = parseBody(text, contentType)
  if (!response.ok) throw new ApiError(response.status, parsed)
  if (method === 'GET') remember(path, response.headers.get('etag'), text, contentType)
  return { body: parsed as T, headers: response.headers }
}

function remember(path: string, etag: string | null, text: string, contentType: string | null) {
  revalidated.delete(path)
  if (!etag) return
  revalidated.set(path, { etag, text, contentType })
  for (const oldest of revalidated.keys()) {
    if (revalidated.size <= REVALIDATED_KEPT) break
    revalidated.delete(oldest)
  }
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
  /** A GET whose answer's headers the caller reads too. */
  getAnswer: <T>(path: string, options?: RequestOptions) =>
    answer<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body ?? {}, options),
}
