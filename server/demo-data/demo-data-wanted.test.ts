import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config/config.js'
import { isDemoDataWanted } from './demo-data-wanted.js'

const URL = 'postgres://pos@db.example.com/pos'

describe('isDemoDataWanted', () => {
  it.each([
    [undefined, false, undefined, true],
    [undefined, false, false, false],
    [undefined, false, true, true],
    [undefined, true, undefined, false],
    [undefined, true, false, false],
    [undefined, true, true, true],
    [URL, false, undefined, false],
    [URL, false, false, false],
    [URL, false, true, true],
    [URL, true, undefined, false],
    [URL, true, true, true],
  ])('DATABASE_URL %s, production %s, DEMO_DATA %s → %s', (url, production, demo, wanted) => {
    const config = { DATABASE_URL: url, isProduction: production, DEMO_DATA: demo }
    expect(isDemoDataWanted(config)).toBe(wanted)
  })

  it('reads DEMO_DATA from the environment', () => {
    expect(isDemoDataWanted(loadConfig({ NODE_ENV: 'test' }))).toBe(true)
    expect(isDemoDataWanted(loadConfig({ NODE_ENV: 'test', DEMO_DATA: 'no' }))).toBe(false)
    expect(isDemoDataWanted(loadConfig({ DATABASE_URL: URL }))).toBe(false)
    expect(isDemoDataWanted(loadConfig({ DATABASE_URL: URL, DEMO_DATA: '1' }))).toBe(true)
  })
})
