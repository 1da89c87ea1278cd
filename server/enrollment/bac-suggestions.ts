import { bacKey } from '../../shared/enrollment/bac-key.js'
import type { BacLookupResult } from '../../shared/enrollment/enrollment.js'
import { type DealerSuggestionRow, MAX_SUGGESTIONS } from './lookup-repository.js'

/** How old the BAC type-ahead's directory may be (docs/decisions.md, "The BAC type-ahead answers from memory"). */
export interface BacSuggestionTimes {
  /** A directory younger than this answers as it is. */
  freshMs: number
  /**
   * A directory older than fresh but younger than this still answers, while a new one loads in
   * the background; an older one (or none) makes the look-up wait for the new one.
   */
  staleMs: number
}

export const BAC_SUGGESTION_TIMES: BacSuggestionTimes = { freshMs: 30_000, staleMs: 120_000 }

interface Directory {
  /** In code-unit order of their upper-cased BACs. */
  rows: DealerSuggestionRow[]
  loadedAt: number
}

/**
 * The BAC type-ahead of one process: the whole dealer directory, each BAC with its newest
 * earlier enrollment, held in memory and searched by prefix, so a look-up costs no database
 * round trip. It loads on the first look-up and is loaded again once older than
 * `times.freshMs`; a look-up never sees one older than `times.staleMs`.
 */
export function createBacSuggestions(options: {
  load: (beforeYear: number) => Promise<DealerSuggestionRow[]>
  beforeYear: number
  times?: BacSuggestionTimes
  now?: () => number
  onBackgroundError?: (error: unknown) => void
}) {
  const { load, beforeYear } = options
  const times = options.times ?? BAC_SUGGESTION_TIMES
  // A monotonic clock: setting the wall clock back must not make an old directory fresh.
  const now = options.now ?? (() => performance.now())
  let directory: Directory | null = null
  let loading: Promise<Directory> | null = null
  // After a failed background load, the next one waits a fresh time (look-ups meanwhile answer
  // from the older directory, until it is stale and they wait for a load of their own).
  let backgroundRetryAt = Number.NEGATIVE_INFINITY

  const reload = (): Promise<Directory> => {
    if (loading) return loading
    const startedAt = now()
    loading = load(beforeYear)
      .then((rows) => {
        directory = toDirectory(rows, startedAt)
        return directory
      })
      .finally(() => {
        loading = null
      })
    return loading
  }

  const reloadInBackground = () => {
    if (loading || now() < backgroundRetryAt) return
    reload().catch((error: unknown) => {
      backgroundRetryAt = now() + times.freshMs
      options.onBackgroundError?.(error)
    })
  }

  const current = async (): Promise<Directory> => {
    const age = directory ? now() - directory.loadedAt : Number.POSITIVE_INFINITY
    if (directory && age < times.freshMs) return directory
    if (directory && age < times.staleMs) {
      reloadInBackground()
      return directory
    }
    return reload()
  }

  return {
    /** At most MAX_SUGGESTIONS dealers whose BAC starts with `prefix`, in BAC order. */
    async suggest(prefix: string): Promise<BacLookupResult[]> {
      const { rows } = await current()
      const key = bacKey(prefix)
      const found: BacLookupResult[] = []
      for (let i = lowerBound(rows, key); found.length < MAX_SUGGESTIONS; i++) {
        const row = rows[i]
        if (!row?.key.startsWith(key)) break
        found.push(row.suggestion)
      }
      return found
    },
  }
}

function toDirectory(rows: DealerSuggestionRow[], loadedAt: number): Directory {
  return {
    rows: rows.slice().sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
    loadedAt,
  }
}

/** The first index whose key is not below `key` (keys in code-unit order). */
function lowerBound(rows: DealerSuggestionRow[], key: string): number {
  let low = 0
  let high = rows.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((rows[middle]?.key ?? '') < key) low = middle + 1
    else high = middle
  }
  return low
}
