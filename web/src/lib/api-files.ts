import {
  ApiError,
  type ApiRoute,
  type CallArgs,
  type ParamNames,
  type Params,
  type PathOf,
  routeUrl,
  type SendOptions,
  type Where,
} from './api-client'
import type { ApiFileRoute } from './api-routes'

/**
 * The routes the browser names but does not call for JSON (api-routes.ts): a URL for a link or a
 * form, and a file fetched as a download. Apart from api-client.ts, so that the public forms,
 * which do neither, do not load it.
 */

/** The URL of a route (api-routes.ts): its path parameters filled in, then its query. */
export function apiUrl<R extends ApiRoute | ApiFileRoute>(
  route: R,
  ...[where]: [ParamNames<PathOf<R>>] extends [never]
    ? [where?: Omit<Where, 'params'>]
    : [where: Omit<Where, 'params'> & Params<R>]
): string {
  return routeUrl(route, where)
}

/**
 * GETs a file route's answer (a PDF) as a Blob, with the headers given (no bearer token of its
 * own); a failure throws an ApiError without a body.
 */
export async function callFile<R extends Extract<ApiFileRoute, `GET ${string}`>>(
  route: R,
  ...[options]: CallArgs<R>
): Promise<Blob> {
  const given: SendOptions = options ?? {}
  const response = await fetch(routeUrl(route, given), {
    headers: given.headers ?? {},
    signal: given.signal ?? null,
  })
  if (!response.ok) throw new ApiError(response.status, undefined)
  return response.blob()
}
