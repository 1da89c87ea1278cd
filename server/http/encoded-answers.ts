import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'

/** What an answer can be sent as: the encodings the compress plugin offers (app.ts), or none. */
export type AnswerEncoding = 'br' | 'gzip' | 'identity'

/** Below this many bytes an answer goes out as it is, as the compress plugin's threshold. */
const COMPRESS_THRESHOLD = 1024

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * The encoding the compress plugin would choose for this Accept-Encoding: brotli first, then
 * gzip; `*` and `x-gzip` count as gzip.
 */
export function chooseEncoding(acceptEncoding: string | undefined): AnswerEncoding {
  if (!acceptEncoding) return 'identity'
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/gu, 'gzip')
  return negotiate(header, ['br', 'gzip']) ?? 'identity'
}

/**
 * The JSON text encoded for the wire, off the main thread (zlib's thread pool), with the
 * compress plugin's settings: brotli quality 4, gzip level 6.
 */
export async function encodeAnswer(
  text: string,
  wanted: AnswerEncoding,
): Promise<{ body: Buffer; encoding: AnswerEncoding }> {
  const raw = Buffer.from(text, 'utf8')
  if (wanted === 'identity' || raw.length < COMPRESS_THRESHOLD) {
    return { body: raw, encoding: 'identity' }
  }
  if (wanted === 'br') {
    const body = await brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    })
    return { body, encoding: 'br' }
  }
  return { body: await gzipped(raw, { level: 6 }), encoding: 'gzip' }
}

/**
 * The latest answers of a route, encoded, by a key that names everything they depend on (an
 * entity tag and the encoding), within a budget of bytes; the least recently used go first.
 * A key is only ever filled with the same bytes, so a hit is never stale: whether the data
 * changed is the tag's business.
 */
export class EncodedAnswerCache<T> {
  readonly #entries = new Map<string, T & { body: Buffer }>()
  #bytes = 0

  constructor(readonly maxBytes: number) {}

  get(key: string): (T & { body: Buffer }) | undefined {
    const entry = this.#entries.get(key)
    if (entry) {
      // Most recently used last.
      this.#entries.delete(key)
      this.#entries.set(key, entry)
    }
    return entry
  }

  set(key: string, entry: T & { body: Buffer }): void {
    if (entry.body.length > this.maxBytes) return
    this.#remove(key)
    this.#entries.set(key, entry)
    this.#bytes += entry.body.length
    for (const [oldest] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break
      this.#remove(oldest)
    }
  }

  get bytes(): number {
    return this.#bytes
  }

  get size(): number {
    return this.#entries.size
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key)
    if (!entry) return
    this.#bytes -= entry.body.length
    this.#entries.delete(key)
  }
}
