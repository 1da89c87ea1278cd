const segmentsOf = new Map<string, readonly string[]>()

/** Paths as the API names fields: `lma.name`, `dealers[0].bac`. */
export function pathSegments(path: string): readonly string[] {
  let segments = segmentsOf.get(path)
  if (!segments) {
    segments = path.split(/[.[\]]+/).filter(Boolean)
    // Paths are the form's own fields; the cap only guards against an unbounded set.
    if (segmentsOf.size > 10_000) segmentsOf.clear()
    segmentsOf.set(path, segments)
  }
  return segments
}

/** One spelling of a path: `dealers[0].bac` and `dealers.0.bac` are both `dealers.0.bac`. */
export function pathKey(path: string): string {
  return pathSegments(path).join('.')
}

export function getIn(target: unknown, path: string): unknown {
  let current: unknown = target
  for (const segment of pathSegments(path)) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[segment]
  }
  return current
}

/** A copy of `target` with the value at `path` replaced; untouched branches are shared. */
export function setIn<T>(target: T, path: string, value: unknown): T {
  return setSegments(target, pathSegments(path), 0, value)
}

function setSegments<T>(target: T, segments: readonly string[], at: number, value: unknown): T {
  const head = segments[at]
  if (head === undefined) return value as T
  const source = (target ?? {}) as Record<string, unknown>
  const next = setSegments(source[head], segments, at + 1, value)
  if (Array.isArray(source)) {
    const copy = [...source]
    copy[Number(head)] = next
    return copy as T
  }
  return { ...source, [head]: next } as T
}
