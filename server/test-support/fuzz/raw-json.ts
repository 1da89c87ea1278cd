/** A piece of JSON text placed as it is: nesting too deep for JSON.stringify, duplicate keys. */
export class RawJson {
  constructor(readonly text: string) {}
}

/**
 * JSON.stringify that writes RawJson values verbatim. A mutation can put a value inside itself;
 * an object met a second time is written as null, so such a body is still sent.
 */
export function toJsonText(value: unknown): string {
  const raws: string[] = []
  const seen = new WeakSet<object>()
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawJson)) {
      if (typeof item !== 'object' || item === null) return item
      if (seen.has(item)) return null
      seen.add(item)
      return item
    }
    raws.push(item.text)
    return `@@raw${raws.length - 1}@@`
  })
  if (text === undefined) return ''
  return text.replace(/"@@raw(\d+)@@"/g, (_match, index: string) => raws[Number(index)] ?? 'null')
}

/** Arrays (or objects) nested `depth` deep, as text. */
export function nested(depth: number, kind: 'array' | 'object'): RawJson {
  return kind === 'array'
    ? new RawJson(`${'['.repeat(depth)}1${']'.repeat(depth)}`)
    : new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)
}
