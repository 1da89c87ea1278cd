import { bacKey } from '../../shared/enrollment/bac-key.js'
import type { BacLookupResult } from '../../shared/enrollment/enrollment.js'
import { type AnswerEncoding, EncodedAnswerCache, encodeAnswer } from '../http/encoded-answers.js'
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

/** The bytes of the answers kept per directory, every encoding together. */
export const BAC_ANSWERS_BYTES = 16 * 1024 * 1024

/** A look-up's answer as sent: its JSON, encoded. */
export interface BacAnswer {
  body: Buffer
  encoding: AnswerEncoding
}

const NO_SUGGESTIONS: BacAnswer = { body: Buffer.from('[]'), encoding: 'identity' }

interface Directory {
  /** In code-unit order of their upper-cased BACs. */
  rows: DealerSuggestionRow[]
  /** What the database said of the directory when this one was loaded (see `version`). */
  version: string | undefined
  /** When its load, or the last check that found it unchanged, began. */
  checkedAt: number
  /** The answers sent from it, by encoding and prefix key; they go with it. */
  answers: EncodedAnswerCache<{ encoding: AnswerEncoding }>
}

/**
 * The BAC type-ahead of one process: the whole dealer directory, each BAC with its newest
 * earlier enrollment, held in memory and searched by prefix, so a look-up costs no database
 * round trip. It loads on the first look-up and is checked again once older than
 * `times.freshMs` (loaded again if its version changed); a look-up never sees one checked
 * longer ago than `times.staleMs`.
 */
export function createBacSuggestions(options: {
  load: (beforeYear: number) => Promise<DealerSuggestionRow[]>
  /**
   * A cheap text that changes whenever what `load` would answer may have changed: a directory
   * whose version is unchanged is kept instead of loaded again. Without it, every check loads.
   */
  version?: (beforeYear: number) => Promise<string>
  /** The answer's JSON (the route's serializer); JSON.stringify without it. */
  serialize?: (found: BacLookupResult[]) => string
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

  const serialize = options.serialize ?? JSON.stringify

  // The version is read before the rows, so a change between the two only loads once more.
  const check = async (startedAt: number): Promise<Directory> => {
    const version = await options.version?.(beforeYear)
    if (directory && version !== undefined && directory.version === version) {
      directory.checkedAt = startedAt
      return directory
    }
    directory = toDirectory(await load(beforeYear), version, startedAt)
    return directory
  }

  const reload = (): Promise<Directory> => {
    if (loading) return loading
    loading = check(now()).finally(() => {
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
    const age = directory ? now() - directory.checkedAt : Number.POSITIVE_INFINITY
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
      return search((await current()).rows, bacKey(prefix))
    },

    /**
     * The same suggestions as sent, serialized and encoded once per directory: the answers of
     * the prefixes people type are kept with the directory they came from, up to
     * BAC_ANSWERS_BYTES, and go with it when a changed one is loaded. No suggestions is one
     * constant answer, not kept per prefix, so prefixes that match nothing keep no memory.
     */
    async answer(prefix: string, wanted: AnswerEncoding): Promise<BacAnswer> {
      const { rows, answers } = await current()
      const key = bacKey(prefix)
      const kept = answers.get(`${wanted} ${key}`)
      if (kept) return kept
      const found = search(rows, key)
      if (found.length === 0) return NO_SUGGESTIONS
      const answer = await encodeAnswer(serialize(found), wanted)
      answers.set(`${wanted} ${key}`, answer)
      return answer
    },
  }
}

/** At most MAX_SUGGESTIONS rows whose key starts with `key`, in key order. */
function search(rows: DealerSuggestionRow[], key: string): BacLookupResult[] {
  const found: BacLookupResult[] = []
  for (let i = lowerBound(rows, key); found.length < MAX_SUGGESTIONS; i++) {
    const row = rows[i]
    if (!row?.key.startsWith(key)) break
    found.push(row.suggestion)
  }
  return found
}

function toDirectory(
  rows: DealerSuggestionRow[],
  version: string | undefined,
  checkedAt: number,
): Directory {
  return {
    rows: rows.slice().sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
    version,
    checkedAt,
    answers: new EncodedAnswerCache(BAC_ANSWERS_BYTES),
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
