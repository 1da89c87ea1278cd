/** Paths as the API names fields: `lma.name`, `dealers[0].bac`. */
export function pathSegments(path: string): string[] {
  return path.split(/[.[\]]+/).filter(Boolean)
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
  const [head, ...rest] = pathSegments(path)
  if (head === undefined) return value as T
  const source = (target ?? {}) as Record<string, unknown>
  const next = rest.length === 0 ? value : setIn(source[head], rest.join('.'), value)
  if (Array.isArray(source)) {
    const copy = [...source]
    copy[Number(head)] = next
    return copy as T
  }
  return { ...source, [head]: next } as T
}
