import { type ComponentType, lazy } from 'react'

/** A route component in a chunk of its own, with a way to start loading it early. */
export interface RouteChunk<P extends object> {
  (props: P): React.JSX.Element
  /** Loads the chunk; settles (never rejects) once it is loaded or has failed. */
  preload(): Promise<void>
}

/**
 * `React.lazy` that renders straight away, without a Suspense fallback, once `preload()` has
 * loaded the chunk: the page then appears whole instead of 'Please wait...' and then the form,
 * which moved the footer (a layout shift). A failed preload leaves it to `lazy` to try again.
 */
export function routeChunk<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): RouteChunk<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<void> | undefined
  const Lazy = lazy(load)
  const Chunk = (props: P) => {
    const Loaded = loaded
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />
  }
  Chunk.preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default
      },
      () => {
        loading = undefined
      },
    )
    return loading
  }
  return Chunk
}
