import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { findEnrollments, type ListFilters } from '../api/admin-calls'
import type { ListRow } from './list-table'
import { coversYear, type ListAnswer, type LoadedYear, rowsToShow, scopeOf } from './loaded-year'

export const SEARCH_DEBOUNCE_MS = 750

/**
 * The list for the filters: fetched once sign-in is ready and again on every filter change,
 * debounced, and skipped when the (trimmed) filter set is the one fetched last. A change of
 * Type or Status is shown at once from the loaded year while its fetch is under way. A failed
 * fetch leaves its error in `failed` until the next one starts (`reload` is its Retry).
 */
export function useEnrollmentList(filters: ListFilters, ready: boolean) {
  const [answer, setAnswer] = useState<ListAnswer | null>(null)
  const [loaded, setLoaded] = useState<LoadedYear | null>(null)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState<unknown>(null)
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
      setFailed(null)
      const asked = JSON.parse(key) as ListFilters
      findEnrollments(asked, controller.signal)
        .then(
          (rows) => {
            if (controller.signal.aborted) return
            setAnswer({ key, rows })
            if (coversYear(asked)) setLoaded({ scope: scopeOf(asked), rows })
          },
          (error: unknown) => {
            if (controller.signal.aborted) return
            lastKey.current = null
            console.error('Could not load the enrollments', error)
            setFailed(error)
          },
        )
        .finally(() => {
          if (inflight.current !== controller) return
          inflight.current = undefined
          setLoading(false)
        })
    }, delay)
    return () => clearTimeout(timer)
  }, [key, ready])

  useEffect(() => () => inflight.current?.abort(), [])

  const items = useMemo(
    () => rowsToShow(key, filters, answer, loaded),
    [key, filters, answer, loaded],
  )

  /** Puts a changed enrollment into the loaded list without fetching it again. */
  const replace = useCallback((guid: string, change: Partial<ListRow>) => {
    const patch = (rows: ListRow[]) =>
      rows.map((item) => (item.guid === guid ? { ...item, ...change } : item))
    setAnswer((current) => current && { ...current, rows: patch(current.rows) })
    setLoaded((current) => current && { ...current, rows: patch(current.rows) })
  }, [])

  /** Fetches the same filters again (after a change the list cannot patch in). */
  const reload = useCallback(() => setGeneration((value) => value + 1), [])

  return { items, loading, failed, replace, reload }
}
