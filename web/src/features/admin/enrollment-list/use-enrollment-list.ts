import { useCallback, useEffect, useRef, useState } from 'react'
import { findEnrollments, type ListFilters } from '../api/admin-calls'
import type { ListRow } from './list-table'

export const SEARCH_DEBOUNCE_MS = 750

/**
 * The list for the filters: fetched once sign-in is ready and again on every filter change,
 * debounced, and skipped when the (trimmed) filter set is the one fetched last.
 */
export function useEnrollmentList(
  filters: ListFilters,
  ready: boolean,
  onError: (message: string) => void,
) {
  const [items, setItems] = useState<ListRow[]>([])
  const [loading, setLoading] = useState(false)
  const lastKey = useRef<string | null>(null)
  const inflight = useRef<AbortController | undefined>(undefined)
  const [generation, setGeneration] = useState(0)
  const key = JSON.stringify({ ...filters, query: filters.query.trim(), generation })

  useEffect(() => {
    if (!ready || key === lastKey.current) return
    const delay = lastKey.current === null ? 0 : SEARCH_DEBOUNCE_MS
    const timer = setTimeout(() => {
      inflight.current?.abort()
      const controller = new AbortController()
      inflight.current = controller
      lastKey.current = key
      setLoading(true)
      findEnrollments(JSON.parse(key) as ListFilters, controller.signal)
        .then(
          (found) => !controller.signal.aborted && setItems(found),
          (error: unknown) => {
            if (controller.signal.aborted) return
            lastKey.current = null
            console.error('Could not load the enrollments', error)
            onError(error instanceof Error ? error.message : String(error))
          },
        )
        .finally(() => {
          if (inflight.current !== controller) return
          inflight.current = undefined
          setLoading(false)
        })
    }, delay)
    return () => clearTimeout(timer)
  }, [key, ready, onError])

  useEffect(() => () => inflight.current?.abort(), [])

  /** Puts a changed enrollment into the loaded list without fetching it again. */
  const replace = useCallback((guid: string, change: Partial<ListRow>) => {
    setItems((all) => all.map((item) => (item.guid === guid ? { ...item, ...change } : item)))
  }, [])

  /** Fetches the same filters again (after a change the list cannot patch in). */
  const reload = useCallback(() => setGeneration((value) => value + 1), [])

  return { items, loading, replace, reload }
}
