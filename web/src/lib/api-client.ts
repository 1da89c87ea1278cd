import { isProblem, type Problem } from '@shared/http/problem'
import type { z } from 'zod'
import type { ApiRoutes } from './api-routes'

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

/**
 * The Authorization header the API calls carry now (none before sign-in): for a file fetched
 * with callFile (api-files.ts), which adds none of its own.
 */
export function authorizationHeaders(): Record<string, string> {
  const token = bearerToken?.()
  return token ? { authorization: `Bearer ${token}` } : {}
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
  options: RequestOptions,
): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  const token = bearerToken?.()
  if (token) headers.authorization = `Bearer ${token}`
  const init: RequestInit = { method, headers, signal: options.signal ?? null }
  if (body instanceof Blob) {
    // A file (an upload) goes as it is, as the type given, else as its own.
    headers['content-type'] ??= body.type || 'application/octet-stream'
    init.body = body
  } else if (body !== undefined) {
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

/** A route of the contract (api-routes.ts): `GET /api/enrollments/{guid}`. */
export type ApiRoute = keyof ApiRoutes

/** What a route answers: the output of the shared schema the server answers it with. */
export type ApiAnswer<R extends ApiRoute> = z.output<ApiRoutes[R]>

/** `GET /api/enrollments/{guid}` → `/api/enrollments/{guid}`. */
export type PathOf<R extends string> = R extends `${string} ${infer Path}` ? Path : never
/** The names of a path's parameters: `'guid' | 'mailId'`, never for none. */
export type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never

/** A query: its values by name, as URLSearchParams takes them. */
export type Query = URLSearchParams | Record<string, string>

export interface Where {
  /** The path's parameters by name (`{ guid }` for `/api/enrollments/{guid}`), encoded here. */
  params?: Record<string, string | number>
  query?: Query
}

/** Which of a route's path parameters must be given: every one it names, and no other. */
export type Params<R extends string> = [ParamNames<PathOf<R>>] extends [never]
  ? { params?: never }
  : { params: Record<ParamNames<PathOf<R>>, string | number> }

/** A call's options; a route with path parameters needs them. */
export type CallOptions<R extends string> = RequestOptions &
  Omit<Where, 'params'> &
  Params<R> & {
    /**
     * Sent as JSON; a Blob (a File) as it is, as the `content-type` header says or else as its
     * own type. A POST or a PUT without one sends `{}`.
     */
    body?: unknown
  }

export type CallArgs<R extends string> = [ParamNames<PathOf<R>>] extends [never]
  ? [options?: CallOptions<R>]
  : [options: CallOptions<R>]

/** A route's URL: its path parameters filled in (encoded), then its query. */
export function routeUrl(route: string, { params, query }: Where = {}): string {
  const path = route
    .slice(route.indexOf(' ') + 1)
    .replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(String(params?.[name])))
  const search = new URLSearchParams(query).toString()
  return search ? `${path}?${search}` : path
}

export interface SendOptions extends RequestOptions, Where {
  body?: unknown
}

/** A call whose answer's headers the caller reads too (none when a 304 was answered from memory). */
export function callAnswer<R extends ApiRoute>(
  route: R,
  ...[options]: CallArgs<R>
): Promise<Answer<ApiAnswer<R>>> {
  const { body, ...rest }: SendOptions = options ?? {}
  const method = route.slice(0, route.indexOf(' '))
  return answer(method, routeUrl(route, rest), method === 'GET' ? undefined : (body ?? {}), rest)
}

/** Calls a route of the contract; answers what its shared schema outputs, or throws an ApiError. */
export async function call<R extends ApiRoute>(
  route: R,
  ...args: CallArgs<R>
): Promise<ApiAnswer<R>> {
  return (await callAnswer(route, ...args)).body
}
