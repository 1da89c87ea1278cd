import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { failureText, LoadFailed } from '../../../components/ui/load-failed'
import { PleaseWait } from '../../../components/ui/please-wait'

/**
 * An admin answer on screen: 'Please wait...' only until the first answer comes, then the answer,
 * which stays while it is loaded again (for another year, or after an action); a failure says
 * what failed with Retry. `reloading` says when the answer shown is being replaced (aria-busy).
 */
export function QueryView<T>({
  query,
  failed,
  children,
}: {
  query: UseQueryResult<T>
  failed: string
  children(value: T): ReactNode
}) {
  if (query.isError && !query.isFetching) {
    return (
      <LoadFailed message={failureText(query.error, failed)} onRetry={() => void query.refetch()} />
    )
  }
  if (query.data === undefined) return <PleaseWait />
  return children(query.data)
}

/** Whether an answer on screen is being replaced: the value of its holder's aria-busy. */
export function reloading(query: UseQueryResult<unknown>): true | undefined {
  return query.isFetching && query.data !== undefined ? true : undefined
}
