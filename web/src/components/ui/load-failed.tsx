import { ApiError } from '../../lib/api-client'

/** The text of every failure the user cannot fix, the error page's included. */
export const GENERIC_ERROR_TEXT = 'Something went wrong on our end. Please try again later.'

/** What a failed load shows instead of its content: what failed, and a way to try again. */
export function LoadFailed({
  message = GENERIC_ERROR_TEXT,
  onRetry,
}: {
  message?: string
  onRetry(): void
}) {
  return (
    <div className="placeholder" role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}

/**
 * What to say about a failed load: the server's own reason when it refused the request (no
 * administrator, not found), else `fallback`, since a 5xx or a dropped connection says nothing
 * the user can act on.
 */
export function failureText(error: unknown, fallback: string): string {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500
  return refused && error.problem ? error.message : fallback
}
