import { describe, expect, it } from 'vitest'
import type { BacLookupResult } from '../../shared/enrollment/enrollment.js'
import { createBacSuggestions } from './bac-suggestions.js'
import { type DealerSuggestionRow, MAX_SUGGESTIONS } from './lookup-repository.js'

// The directory's loader is a function here so that each test decides what the database holds
// and when a load finishes; lookup.test.ts runs the real load on PGlite and PostgreSQL.

const dealer = (bac: string, name = `Dealer ${bac}`): DealerSuggestionRow => ({
  key: bac.toUpperCase(),
  suggestion: { bac, name } as BacLookupResult,
})

/** A directory that changes when a test says so, with a clock the test moves. */
function setUp(times = { freshMs: 1_000, staleMs: 5_000 }, versioned = false) {
  let rows: DealerSuggestionRow[] = []
  let version = 1
  let versionCount = 0
  let clock = 0
  let failNext: Error | null = null
  const waiting: Array<() => void> = []
  let loadCount = 0
  let hold = false
  const errors: unknown[] = []
  const suggestions = createBacSuggestions({
    beforeYear: 2025,
    times,
    now: () => clock,
    onBackgroundError: (error) => errors.push(error),
    ...(versioned
      ? {
          version: async () => {
            versionCount += 1
            return String(version)
          },
        }
      : {}),
    load: async (beforeYear) => {
      expect(beforeYear).toBe(2025)
      loadCount += 1
      if (hold) await new Promise<void>((resolve) => waiting.push(resolve))
      if (failNext) {
        const error = failNext
        failNext = null
        throw error
      }
      return rows
    },
  })
  const names = async (prefix: string) =>
    (await suggestions.suggest(prefix)).map((found) => found.name)
  return {
    suggestions,
    names,
    errors,
    loadCount: () => loadCount,
    versionCount: () => versionCount,
    setRows: (next: DealerSuggestionRow[]) => {
      rows = next
    },
    /** The rows change, and so does the version the database tells. */
    changeRows: (next: DealerSuggestionRow[]) => {
      rows = next
      version += 1
    },
    advance: (ms: number) => {
      clock += ms
    },
    failNextLoad: (error: Error) => {
      failNext = error
    },
    holdLoads: (on: boolean) => {
      hold = on
    },
    finishLoads: () => {
      for (const finish of waiting.splice(0)) finish()
    },
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve))

describe('the BAC type-ahead’s directory in memory', () => {
  it('suggests the dealers whose BAC starts with the text, in BAC order, at most ten', async () => {
    const t = setUp()
    t.setRows([
      ...Array.from({ length: 14 }, (_, index) => dealer(`4410${String(index).padStart(2, '0')}`)),
      dealer('44200A', 'Letters Motors'),
      dealer('44200b', 'Lower Case Motors'),
      dealer('441', 'Short Motors'),
      dealer('550000', 'Elsewhere Motors'),
    ])
    const found = await t.suggestions.suggest('4410')
    expect(found).toHaveLength(MAX_SUGGESTIONS)
    expect(found.map((row) => row.bac)).toEqual(
      Array.from({ length: 10 }, (_, index) => `4410${String(index).padStart(2, '0')}`),
    )
    expect(await t.names('441')).toEqual([
      'Short Motors',
      ...Array.from({ length: 9 }, (_, index) => `Dealer 4410${String(index).padStart(2, '0')}`),
    ])
    expect(await t.names('44200')).toEqual(['Letters Motors', 'Lower Case Motors'])
    expect(await t.names('44200a')).toEqual(['Letters Motors'])
    expect(await t.names('44200B')).toEqual(['Lower Case Motors'])
    expect(await t.names('550000')).toEqual(['Elsewhere Motors'])
    expect(await t.names('5500001')).toEqual([])
    expect(await t.names('000')).toEqual([])
    expect(await t.names('999')).toEqual([])
    expect(t.loadCount()).toBe(1)
  })

  it('loads once for look-ups that arrive together, and not again while fresh', async () => {
    const t = setUp()
    t.setRows([dealer('100001')])
    t.holdLoads(true)
    const together = Promise.all([t.names('100'), t.names('1000'), t.names('10000')])
    await flush()
    t.finishLoads()
    expect(await together).toEqual([['Dealer 100001'], ['Dealer 100001'], ['Dealer 100001']])
    t.holdLoads(false)
    t.setRows([dealer('100001', 'Renamed Motors')])
    t.advance(999)
    expect(await t.names('100')).toEqual(['Dealer 100001'])
    expect(t.loadCount()).toBe(1)
  })

  it('answers from the older directory while a new one loads, then from the new one', async () => {
    const t = setUp()
    t.setRows([dealer('100001')])
    await t.names('100')
    t.setRows([dealer('100001', 'Renamed Motors'), dealer('100002', 'New Motors')])
    t.advance(1_000)
    t.holdLoads(true)
    expect(await t.names('100')).toEqual(['Dealer 100001'])
    expect(await t.names('100')).toEqual(['Dealer 100001'])
    expect(t.loadCount()).toBe(2)
    t.finishLoads()
    await flush()
    expect(await t.names('100')).toEqual(['Renamed Motors', 'New Motors'])
  })

  it('never answers from a directory older than the stale time: the look-up waits', async () => {
    const t = setUp()
    t.setRows([dealer('100001')])
    await t.names('100')
    t.setRows([])
    t.advance(5_000)
    expect(await t.names('100')).toEqual([])
    expect(t.loadCount()).toBe(2)
  })

  it('counts a directory’s age from when its load started', async () => {
    const t = setUp()
    t.setRows([dealer('100001')])
    t.holdLoads(true)
    const first = t.names('100')
    await flush()
    t.advance(4_000)
    t.finishLoads()
    await first
    t.holdLoads(false)
    t.setRows([])
    t.advance(1_000)
    expect(await t.names('100')).toEqual([])
  })

  it('keeps the older directory when a background load fails, and tries again a fresh time later', async () => {
    const t = setUp()
    t.setRows([dealer('100001')])
    await t.names('100')
    t.advance(1_000)
    t.failNextLoad(new Error('database unavailable'))
    t.holdLoads(true)
    const during = await Promise.all([t.names('100'), t.names('100'), t.names('100')])
    expect(during).toEqual([['Dealer 100001'], ['Dealer 100001'], ['Dealer 100001']])
    t.finishLoads()
    await flush()
    // One failed load, reported once, however many look-ups met it.
    expect(t.errors).toEqual([new Error('database unavailable')])
    expect(t.loadCount()).toBe(2)
    t.holdLoads(false)
    t.setRows([dealer('100001', 'Renamed Motors')])
    t.advance(999)
    expect(await t.names('100')).toEqual(['Dealer 100001'])
    expect(t.loadCount()).toBe(2)
    t.advance(1)
    await t.names('100')
    await flush()
    expect(await t.names('100')).toEqual(['Renamed Motors'])
    expect(t.loadCount()).toBe(3)
  })

  it('fails a look-up whose first load fails, and loads again on the next', async () => {
    const t = setUp()
    t.setRows([dealer('100001')])
    t.failNextLoad(new Error('database unavailable'))
    await expect(t.names('100')).rejects.toThrow('database unavailable')
    expect(await t.names('100')).toEqual(['Dealer 100001'])
  })

  it('reads through on every look-up with fresh and stale times of 0', async () => {
    const t = setUp({ freshMs: 0, staleMs: 0 })
    t.setRows([dealer('100001')])
    expect(await t.names('100')).toEqual(['Dealer 100001'])
    t.setRows([dealer('100002')])
    expect(await t.names('100')).toEqual(['Dealer 100002'])
    expect(t.loadCount()).toBe(2)
  })

  it('keeps a directory whose version is unchanged, and loads one whose version changed', async () => {
    const t = setUp(undefined, true)
    t.setRows([dealer('100001')])
    expect(await t.names('100')).toEqual(['Dealer 100001'])
    // Fresh: neither asked.
    t.advance(999)
    await t.names('100')
    expect([t.versionCount(), t.loadCount()]).toEqual([1, 1])
    // Old enough to check: the version is asked, the rows are not; fresh again from the check.
    t.advance(1)
    await t.names('100')
    await flush()
    expect([t.versionCount(), t.loadCount()]).toEqual([2, 1])
    t.advance(999)
    await t.names('100')
    expect(t.versionCount()).toBe(2)
    // Past the stale time the look-up waits for the check, which finds a change and loads.
    t.changeRows([dealer('100001', 'Renamed Motors')])
    t.advance(5_000)
    expect(await t.names('100')).toEqual(['Renamed Motors'])
    expect([t.versionCount(), t.loadCount()]).toEqual([3, 2])
  })

  it('keeps each prefix’s answer with its directory, by encoding, and answers anew from a new one', async () => {
    const t = setUp({ freshMs: 0, staleMs: 0 }, true)
    t.setRows([dealer('100001'), dealer('100002')])
    const text = async (prefix: string) =>
      (await t.suggestions.answer(prefix, 'identity')).body.toString('utf8')
    const first = await t.suggestions.answer('1000', 'identity')
    expect(JSON.parse(first.body.toString('utf8'))).toEqual(await t.suggestions.suggest('1000'))
    // The same bytes, kept.
    expect((await t.suggestions.answer('1000', 'identity')).body).toBe(first.body)
    // Rows that change without a new version are not seen: the version is the change check.
    t.setRows([dealer('100001', 'Unseen Motors')])
    expect(await text('1000')).toContain('Dealer 100001')
    t.changeRows([dealer('100001', 'Renamed Motors')])
    expect(JSON.parse(await text('1000'))).toEqual([{ bac: '100001', name: 'Renamed Motors' }])
    // Prefixes that match nothing answer [] without being kept.
    expect(await text('999')).toBe('[]')
  })
})
