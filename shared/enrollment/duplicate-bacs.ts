import * as z from 'zod/mini'
import { bacKey } from './bac-key.js'
import type { DealerEntry } from './enrollment.js'
import { MESSAGES } from './validation-messages.js'

/** Indexes of the rows whose BAC an earlier row already holds; blank BACs are ignored. */
export function duplicateBacRows(rows: ReadonlyArray<{ bac?: unknown }>): number[] {
  const seen = new Set<string>()
  const duplicates: number[] = []
  rows.forEach((row, index) => {
    const key = typeof row?.bac === 'string' ? bacKey(row.bac) : ''
    if (key === '') return
    if (seen.has(key)) duplicates.push(index)
    seen.add(key)
  })
  return duplicates
}

/**
 * The same BAC twice in one LMA list: 'This BAC is listed more than once.' on each later row's
 * bac. Runs even when some rows failed (`when`), so that every row error shows at once.
 */
export const uniqueBacs = z.check<DealerEntry[]>(
  (payload) => {
    for (const index of duplicateBacRows(payload.value)) {
      payload.issues.push({
        code: 'custom',
        path: [index, 'bac'],
        message: MESSAGES.duplicateBac,
        input: payload.value[index]?.bac,
      })
    }
  },
  { when: (payload) => Array.isArray(payload.value) },
)
