import { type ComponentType, lazy, useReducer } from 'react'
import { ErrorBoundary } from '../components/ui/error-boundary'

/** A route component in a chunk of its own, with a way to start loading it early. */
export interface RouteChunk<P extends object> {
  (props: P): React.JSX.Element
  /** Loads the chunk; settles (never rejects) once it is loaded or has failed. */
  preload(): Promise<void>
}

/** Route chunks being loaded: a failure while one loads is taken as a route's. */
let routesLoading = 0

/**
 * `React.lazy` that renders straight away, without a Suspense fallback, once `preload()` has
 * loaded the chunk: the page then appears whole instead of 'Please wait...' and then the form,
 * which moved the footer (a layout shift). A chunk that fails to load (a deploy replaced it, the
 * network dropped) shows the generic error with Retry, which loads it again: a rejected `lazy`
 * stays rejected, so each failure gets a fresh one.
 */
export function routeChunk<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): RouteChunk<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<void> | undefined
  const loadOnce = () => {
    routesLoading++
    return load()
      .then((module) => {
        loaded = module.default
        chunkLoaded()
        return module
      })
      .finally(() => {
        routesLoading--
      })
  }
  let Lazy = lazy(loadOnce)
  const retry = () => {
    if (!loaded) Lazy = lazy(loadOnce)
  }
  const Chunk = (props: P) => {
    // Retry renders this again, so that a fresh lazy takes the failed one's place.
    const [, rerender] = useReducer((count: number) => count + 1, 0)
    const Loaded = loaded
    return (
      <ErrorBoundary
        onRetry={() => {
          retry()
          rerender()
        }}
      >
        {Loaded ? <Loaded {...props} /> : <Lazy {...props} />}
      </ErrorBoundary>
    )
  }
  Chunk.preload = () => {
    loading ??= loadOnce().then(
      () => undefined,
      () => {
        loading = undefined
      },
    )
    return loading
  }
  return Chunk
}

const RELOADED_KEY = 'chunk-error-reloaded'

function chunkLoaded(): void {
  try {
    sessionStorage.removeItem(RELOADED_KEY)
  } catch {
    // Storage may be unavailable (privacy settings): there is then nothing to reset.
  }
}

/**
 * A route chunk that fails to load is most often one a deploy removed while the tab was open:
 * the first failure reloads the page, which fetches the current build. The mark in session
 * storage stops a second reload (a chunk that cannot load at all would otherwise reload
 * forever); the route then shows its error with Retry, and the next route chunk that loads
 * clears the mark. A chunk a page asks for once it is shown (a form's checks, the windowing of a
 * long dealer table, the save dialog) never reloads it: the page may hold what a person typed,
 * and the route chunk that loads with every page would clear the mark each time. The code that
 * asked says what failed (a form's checks: 'could not be checked', by Submit).
 */
export function reloadOnceOnChunkError(): void {
  window.addEventListener('vite:preloadError', () => {
    if (routesLoading === 0) return
    try {
      if (sessionStorage.getItem(RELOADED_KEY)) return
      sessionStorage.setItem(RELOADED_KEY, String(Date.now()))
    } catch {
      return
    }
    window.location.reload()
  })
}
