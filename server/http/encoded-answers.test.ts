import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { chooseEncoding, EncodedAnswerCache, encodeAnswer } from './encoded-answers.js'

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, as the compress plugin does; x-gzip and * are gzip', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(chooseEncoding('gzip, deflate')).toBe('gzip')
    expect(chooseEncoding('br;q=0.5, gzip;q=1')).toBe('gzip')
    expect(chooseEncoding('x-gzip')).toBe('gzip')
    expect(chooseEncoding('*')).toBe('gzip')
    expect(chooseEncoding('deflate')).toBe('identity')
    expect(chooseEncoding('')).toBe('identity')
    expect(chooseEncoding(undefined)).toBe('identity')
  })
})

describe('encodeAnswer', () => {
  const text = JSON.stringify(
    Array.from({ length: 50 }, (_, index) => ({ name: `Dealer ${index}`, city: 'Peoria' })),
  )

  it('compresses what it is asked to, and the bytes decode to the same text', async () => {
    const gzip = await encodeAnswer(text, 'gzip')
    expect(gzip.encoding).toBe('gzip')
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(text)
    const br = await encodeAnswer(text, 'br')
    expect(br.encoding).toBe('br')
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(text)
    expect(br.body.length).toBeLessThan(text.length / 3)
    const plain = await encodeAnswer(text, 'identity')
    expect(plain).toEqual({ body: Buffer.from(text, 'utf8'), encoding: 'identity' })
  })

  it('sends a text under 1 kB as it is, whatever was asked', async () => {
    expect(await encodeAnswer('[]', 'br')).toEqual({
      body: Buffer.from('[]'),
      encoding: 'identity',
    })
  })
})

describe('EncodedAnswerCache', () => {
  const entry = (bytes: number) => ({ body: Buffer.alloc(bytes), encoding: 'gzip' as const })

  it('keeps answers within its bytes, dropping the least recently used first', () => {
    const cache = new EncodedAnswerCache<{ encoding: 'gzip' }>(100)
    cache.set('a', entry(40))
    cache.set('b', entry(40))
    expect(cache.get('a')?.body.length).toBe(40) // a is now the most recently used
    cache.set('c', entry(40))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.get('c')).toBeDefined()
    expect(cache.bytes).toBe(80)
    cache.set('a', entry(10)) // a key filled again replaces its bytes
    expect(cache.bytes).toBe(50)
    expect(cache.size).toBe(2)
  })

  it('never keeps an answer larger than all it may hold', () => {
    const cache = new EncodedAnswerCache<{ encoding: 'gzip' }>(100)
    cache.set('a', entry(60))
    cache.set('huge', entry(101))
    expect(cache.get('huge')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.bytes).toBe(60)
  })
})
