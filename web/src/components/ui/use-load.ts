import { useCallback, useEffect, useState } from 'react'

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'loaded'; value: T }

export type Load<T> = LoadState<T> & {
  /** Starts a failed (or any) load over. */
  retry(): void
}

/**
 * Runs `load` on mount, whenever it changes (keep it stable with useCallback) and on retry;
 * a load under way is aborted when a new one starts or the component goes. `null` waits.
 */
export function useLoad<T>(load: ((signal: AbortSignal) => Promise<T>) | null): Load<T> {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Retry) runs the same load again
  useEffect(() => {
    if (!load) return
    const controller = new AbortController()
    setState({ status: 'loading' })
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setState({ status: 'loaded', value })
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        console.error('A load failed', error)
        setState({ status: 'failed', error })
      },
    )
    return () => controller.abort()
  }, [load, attempt])
  const retry = useCallback(() => setAttempt((count) => count + 1), [])
  return { ...state, retry }
}
