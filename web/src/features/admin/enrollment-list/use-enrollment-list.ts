import type { EnrollmentListItem } from '@shared/enrollment/enrollment'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { getEnrollmentList, type ListFilters } from '../api/admin-calls'
import { adminKeys } from '../query/admin-keys'
import { type ListAnswer, type LoadedYear, rowsToShow, scopeOf, yearOf } from './loaded-year'

export const SEARCH_DEBOUNCE_MS = 750

/** A filter set as the request sends it (the search trimmed), as text to compare. */
function filterKey(filters: ListFilters): string {
  return JSON.stringify(adminKeys.list(filters))
}

/**
 * The filters to fetch (null until sign-in is ready): the first set at once, each later one once the filters have stayed
 * unchanged for the debounce. A set equal to the one asked for last (a search typed and taken
 * back, or only spaces added) keeps the same key, so nothing is fetched for it.
 */
function useAskedFilters(filters: ListFilters, ready: boolean): ListFilters | null {
  const [asked, setAsked] = useState<ListFilters | null>(null)
  const first = useRef(true)
  const key = filterKey(filters)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key says when the filters changed
  useEffect(() => {
    if (!ready) return
    if (first.current) {
      first.current = false
      setAsked(filters)
      return
    }
    const timer = setTimeout(() => setAsked(filters), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [key, ready])
  return asked
}

/**
 * The list for the filters, through the admin query cache (adminKeys.list): fetched once sign-in
 * is ready and again on every filter change, debounced, and not for the filter set asked for last
 * (the spec's rule); an action that changed enrollments invalidates the lists (admin-changes.ts).
 * The answer shown stays while the next one loads; a change of Type or Status is shown at once
 * from the loaded year (the cached answer for the year and search alone). A request carries the
 * tag of the answer the browser has (api-client.ts), so an unchanged year costs a 304, and a
 * list held already is brought up to date with what changed since it was read (getEnrollmentList).
 */
export function useEnrollmentList(filters: ListFilters, ready: boolean) {
  const settled = useAskedFilters(filters, ready)
  const asked = settled ?? filters
  const queryClient = useQueryClient()
  // The rows held for the filters, when any: only what changed since is asked for. Both
  // queries below load this way: they are one query when only the year and search are set.
  const load =
    (filters: ListFilters) =>
    ({ signal, queryKey }: { signal: AbortSignal; queryKey: readonly unknown[] }) =>
      getEnrollmentList(filters, signal, queryClient.getQueryData<EnrollmentListItem[]>(queryKey))
  const list = useQuery({
    queryKey: adminKeys.list(asked),
    queryFn: load(asked),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    // The rows are kept as answered, so that they keep their cursor (getEnrollmentList).
    structuralSharing: false,
  })
  // The loaded year is read from the cache, never fetched for itself.
  const year = yearOf(filters)
  const yearAnswer = useQuery({
    queryKey: adminKeys.list(year),
    queryFn: load(year),
    enabled: false,
    // As for the list: the same query when only the year and search are set.
    structuralSharing: false,
  })

  const key = filterKey(filters)
  const askedKey = filterKey(asked)
  // The filters the rows held answer: those asked for once their answer has come; while the
  // next answer loads (the rows are a placeholder), the last ones answered.
  const [answered, setAnswered] = useState<ListFilters | null>(null)
  const answeredNow = list.data && !list.isPlaceholderData ? asked : answered
  if (answeredNow !== answered) setAnswered(answeredNow)
  const answer: ListAnswer | null = useMemo(
    () =>
      list.data
        ? {
            key: list.isPlaceholderData ? 'previous' : askedKey,
            filters: answeredNow ?? asked,
            rows: list.data,
          }
        : null,
    [list.data, list.isPlaceholderData, askedKey, answeredNow, asked],
  )
  const loaded: LoadedYear | null = useMemo(
    () => (yearAnswer.data ? { scope: scopeOf(filters), rows: yearAnswer.data } : null),
    [yearAnswer.data, filters],
  )
  const { rows: items, previous } = useMemo(
    () => rowsToShow(key, filters, answer, loaded),
    [key, filters, answer, loaded],
  )
  const failed = list.isError && !list.isFetching ? list.error : null
  return { items, previous, loading: list.isFetching, failed, retry: () => void list.refetch() }
}
