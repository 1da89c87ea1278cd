import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api-client'

/** How many times a failed load is tried again, and after how long. */
const RETRIES = 2
const RETRY_BASE_MS = 500

/**
 * Whether a failed load is worth another try: a dropped connection or a server that could not
 * answer may answer next time; a refusal (4xx: signed out, not an administrator, not found, a
 * bad filter) will not, and shows at once.
 */
export function retryLoad(failureCount: number, error: unknown): boolean {
  if (failureCount >= RETRIES) return false
  return !(error instanceof ApiError && error.status < 500)
}

/** 0.5 s, then 1 s: a failure the server keeps giving shows after a second and a half. */
export function retryDelay(attempt: number): number {
  return RETRY_BASE_MS * 2 ** attempt
}

/**
 * The admin area's one query cache (docs/decisions.md, "Admin data through TanStack Query").
 * An answer is loaded when a screen needs it and again after an action that changed it
 * (admin-changes.ts), never because the window got the focus back or the network came back: the
 * list's rule is no request for an unchanged filter set. Saves and actions are not retried.
 */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: retryLoad,
        retryDelay,
      },
      mutations: { retry: false },
    },
  })
}
