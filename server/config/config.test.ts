import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.js'

describe('loadConfig', () => {
  it('runs on the embedded defaults with no environment at all', () => {
    const config = loadConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.DATA_DIR).toBe('./data')
    expect(config.ENROLLMENT_YEAR).toBe(2025)
    expect(config.ENROLLMENT_OPEN).toBe(false)
    expect(config.BRANDS.map((brand) => brand.key)).toEqual(['chevy', 'gm'])
    expect(config.PUBLIC_URL).toBe('http://localhost:3000')
  })

  it.each([
    ['PORT', 'abc', /PORT must be a port number/],
    ['PORT', '70000', /PORT must be between 0 and 65535/],
    ['DATABASE_URL', 'mysql://db/x', /DATABASE_URL must be a postgres:\/\/ connection URL/],
    ['ENROLLMENT_YEAR', 'twenty', /ENROLLMENT_YEAR must be a year such as 2025/],
    ['ENROLLMENT_YEAR', '1999', /ENROLLMENT_YEAR must be a year between 2000 and 2100/],
    ['ENROLLMENT_OPEN', 'maybe', /ENROLLMENT_OPEN must be true or false/],
    ['BRANDS', 'chevy', /BRANDS must be a comma-separated list of key:Display Name/],
    ['PUBLIC_URL', 'ftp://x', /PUBLIC_URL must be an http\(s\) URL/],
  ])('stops on a bad %s (%s) with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrowError(message)
  })

  it('reports every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', ENROLLMENT_YEAR: 'y' })).toThrowError(
      /PORT[\s\S]*ENROLLMENT_YEAR/,
    )
  })

  it('never echoes a connection string, which may hold a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:secret@db/x' })).not.toThrowError(
      /secret/,
    )
  })

  it('reads brands, year and the open flag', () => {
    const config = loadConfig({
      BRANDS: 'gm:General Motors, chevy:Chevrolet',
      ENROLLMENT_YEAR: '2026',
      ENROLLMENT_OPEN: 'true',
    })
    expect(config.BRANDS).toEqual([
      { key: 'gm', name: 'General Motors' },
      { key: 'chevy', name: 'Chevrolet' },
    ])
    expect(config.ENROLLMENT_YEAR).toBe(2026)
    expect(config.ENROLLMENT_OPEN).toBe(true)
  })

  it('needs a client id with an authority', () => {
    expect(() =>
      loadConfig({ OIDC_AUTHORITY: 'https://login.example.com/tenant/v2.0' }),
    ).toThrowError(/OIDC_CLIENT_ID/)
  })
})
