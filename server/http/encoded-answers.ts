import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'

/**
 * How answers are compressed, one setting for the compress plugin (app.ts) and the answers this
 * module encodes ahead: over 1 KB, brotli (quality 4, text mode) or else gzip (level 6).
 */
export const COMPRESSION = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
  brotliOptions: {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 4,
    },
  },
  zlibOptions: { level: 6 },
}

/** What an answer can be sent as: one of the encodings above, or none. */
export type AnswerEncoding = 'br' | 'gzip' | 'identity'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * The encoding the compress plugin would choose for this Accept-Encoding: brotli first, then
 * gzip; `*` and `x-gzip` count as gzip.
 */
export function chooseEncoding(acceptEncoding: string | undefined): AnswerEncoding {
  if (!acceptEncoding) return 'identity'
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/gu, 'gzip')
  return negotiate(header, COMPRESSION.encodings) ?? 'identity'
}

/** The JSON text encoded for the wire, off the main thread (zlib's thread pool). */
export async function encodeAnswer(
  text: string,
  wanted: AnswerEncoding,
): Promise<{ body: Buffer; encoding: AnswerEncoding }> {
  const raw = Buffer.from(text, 'utf8')
  if (wanted === 'identity' || raw.length < COMPRESSION.threshold) {
    return { body: raw, encoding: 'identity' }
  }
  if (wanted === 'br') {
    const { params } = COMPRESSION.brotliOptions
    const body = await brotli(raw, {
      params: { ...params, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    })
    return { body, encoding: 'br' }
  }
  return { body: await gzipped(raw, COMPRESSION.zlibOptions), encoding: 'gzip' }
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
