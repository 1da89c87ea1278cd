import { ApiError } from '../../../lib/api-client'

/** The server's message for `field` in a 400's `errors`, else the error's own text. */
export function fieldErrorText(caught: unknown, field: string, fallback: string): string {
  if (caught instanceof ApiError) {
    const errors = (caught.body as { errors?: Record<string, unknown> } | undefined)?.errors
    const messages = errors?.[field]
    if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0]
    if (typeof messages === 'string') return messages
    return caught.message
  }
  return caught instanceof Error ? caught.message : fallback
}
