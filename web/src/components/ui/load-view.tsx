import type { ReactNode } from 'react'
import { failureText, LoadFailed } from './load-failed'
import { PleaseWait } from './please-wait'
import type { Load } from './use-load'

/** 'Please wait...' while `load` runs, why it failed with Retry if it fails, then its value. */
export function LoadView<T>({
  load,
  failed,
  children,
}: {
  load: Load<T>
  failed: string
  children(value: T): ReactNode
}) {
  if (load.status === 'loading') return <PleaseWait />
  if (load.status === 'failed') {
    return <LoadFailed message={failureText(load.error, failed)} onRetry={load.retry} />
  }
  return children(load.value)
}
