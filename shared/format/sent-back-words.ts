import { formatDate } from './date-text.js'

/*
 * A module of its own, re-exported by status-words.ts: the public LMA form's first load takes
 * this function without the status words of the office's screens (its bundle budget).
 */

/**
 * An LMA enrollment the program office sent back to its representative (docs/product.md#lifecycle),
 * in the words of the authorization view, the status page and the mail ('Their reason: …').
 */
export function sentBackWords(sentBack: { at: string; reason: string | null }): {
  line: string
  reason: string | null
} {
  return {
    line: `Sent back by the program office on ${formatDate(sentBack.at)} to be reviewed and authorized again.`,
    reason: sentBack.reason ? `Their reason: ${sentBack.reason}` : null,
  }
}
