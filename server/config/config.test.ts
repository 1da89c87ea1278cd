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
    expect([config.REMINDER_AFTER_DAYS, config.REMINDER_MAX]).toEqual([7, 2])
    expect(config.RETENTION_YEARS).toBe(3)
  })

  it('reads how many years the personal data of declined and deleted enrollments is kept', () => {
    expect(loadConfig({ RETENTION_YEARS: '7' }).RETENTION_YEARS).toBe(7)
    expect(loadConfig({ RETENTION_YEARS: '1' }).RETENTION_YEARS).toBe(1)
  })

  it('takes 0 reminder days or reminders, which turns reminders off', () => {
    expect(loadConfig({ REMINDER_AFTER_DAYS: '0' }).REMINDER_AFTER_DAYS).toBe(0)
    expect(loadConfig({ REMINDER_MAX: '0', REMINDER_AFTER_DAYS: '14' })).toMatchObject({
      REMINDER_MAX: 0,
      REMINDER_AFTER_DAYS: 14,
    })
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
    ['REDIS_URL', 'http://cache:6379', /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'collector:4318',
      /OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/,
    ],
    ['REMINDER_AFTER_DAYS', 'a week', /REMINDER_AFTER_DAYS must be a number of days/],
    ['REMINDER_AFTER_DAYS', '-1', /REMINDER_AFTER_DAYS must be between 0 and 365 days/],
    ['REMINDER_MAX', '1.5', /REMINDER_MAX must be a whole number of reminders/],
    ['REMINDER_MAX', '11', /REMINDER_MAX must be between 0 and 10/],
    ['RETENTION_YEARS', 'three', /RETENTION_YEARS must be a number of years/],
    ['RETENTION_YEARS', '2.5', /RETENTION_YEARS must be a whole number of years/],
    ['RETENTION_YEARS', '0', /RETENTION_YEARS must be between 1 and 50 years/],
    ['RETENTION_YEARS', '51', /RETENTION_YEARS must be between 1 and 50 years/],
    ['PROGRAM_OPENS', 'October', /PROGRAM_OPENS must be a month and day as MM-DD, such as 10-01/],
    ['PROGRAM_DEADLINE', '02-29', /PROGRAM_DEADLINE must be a month and day as MM-DD/],
    ['PROGRAM_CLOSES', '13-01', /PROGRAM_CLOSES must be a month and day as MM-DD/],
    ['PROGRAM_CLOSES', '01-31', /PROGRAM_DEADLINE must not come after PROGRAM_CLOSES/],
  ])('stops on a bad %s (%s) with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrowError(message)
  })

  it('reads the program’s calendar, with the spec’s February 7 deadline by default', () => {
    expect(loadConfig({}).programCalendar).toEqual({
      opens: { month: 10, day: 1 },
      deadline: { month: 2, day: 7 },
      closes: { month: 12, day: 31 },
    })
    expect(loadConfig({ PROGRAM_CLOSES: '08-31' }).programCalendar.closes).toEqual({
      month: 8,
      day: 31,
    })
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
    expect(() => loadConfig({ REDIS_URL: 'memcached://:secret@cache' })).not.toThrowError(/secret/)
  })

  it('reads a Redis URL, plain or over TLS', () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined()
    for (const url of ['redis://cache.internal:6379/2', 'rediss://:pw@cache.example.com:6380']) {
      expect(loadConfig({ REDIS_URL: url }).REDIS_URL).toBe(url)
    }
  })

  it('traces only when an OTLP endpoint is set, as the service pos-enrollment unless named', () => {
    expect(loadConfig({}).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined()
    expect(loadConfig({}).OTEL_SERVICE_NAME).toBe('pos-enrollment')
    const config = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
      OTEL_SERVICE_NAME: 'pos-enrollment-staging',
    })
    expect(config.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://otel-collector:4318')
    expect(config.OTEL_SERVICE_NAME).toBe('pos-enrollment-staging')
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

  it('turns the development aids on only on a loopback address or on purpose', () => {
    expect(loadConfig({}).devTools).toBe(true)
    expect(loadConfig({ HOST: '::1' }).devTools).toBe(true)
    expect(loadConfig({ HOST: '127.0.0.2' }).devTools).toBe(true)
    // Listening on the network without a mail server and an authority: refused, not exposed.
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'pos.example.com']) {
      expect(() => loadConfig({ HOST })).toThrowError(
        /SMTP_URL and OIDC_AUTHORITY are required when HOST/,
      )
    }
    expect(loadConfig({ HOST: '0.0.0.0', DEV_TOOLS: 'true' }).devTools).toBe(true)
    const real = {
      HOST: '0.0.0.0',
      SMTP_URL: 'smtp://mail.example.com',
      OIDC_AUTHORITY: 'https://login.example.com/tenant/v2.0',
      OIDC_CLIENT_ID: 'client',
    }
    expect(loadConfig(real).devTools).toBe(false)
    expect(() => loadConfig({ DEV_TOOLS: 'false' })).toThrowError(/SMTP_URL and OIDC_AUTHORITY/)
  })

  it('refuses development aids and a plain-http authority in production', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com',
      OIDC_AUTHORITY: 'https://login.example.com/tenant/v2.0',
      OIDC_CLIENT_ID: 'client',
      ADMIN_ROLE: 'PosAdmin',
    }
    expect(loadConfig(production).devTools).toBe(false)
    expect(() => loadConfig({ ...production, DEV_TOOLS: 'true' })).toThrowError(/DEV_TOOLS/)
    expect(() =>
      loadConfig({ ...production, OIDC_AUTHORITY: 'http://login.example.com/tenant/v2.0' }),
    ).toThrowError(/must be an https:\/\/ URL in production/)
  })

  it('refuses production without ADMIN_USERS or ADMIN_ROLE, naming both (docs/decisions.md, "Administrators are named by configuration")', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com',
      OIDC_AUTHORITY: 'https://login.example.com/tenant/v2.0',
      OIDC_CLIENT_ID: 'client',
    }
    expect(() => loadConfig(production)).toThrowError(ConfigError)
    expect(() => loadConfig(production)).toThrowError(/ADMIN_USERS or ADMIN_ROLE is required/)
    expect(loadConfig({ ...production, ADMIN_USERS: 'alice@contoso.com' }).isProduction).toBe(true)
    expect(loadConfig({ ...production, ADMIN_ROLE: 'PosAdmin' }).isProduction).toBe(true)
    // Outside production the same settings start, with the warning of the auth plugin.
    expect(loadConfig({ ...production, NODE_ENV: 'development' }).ADMIN_ROLE).toBeUndefined()
  })
  it('reads REGION_MANAGERS as user:Region|Region, and stops on a malformed one', () => {
    const config = loadConfig({
      REGION_MANAGERS:
        ' Alice@Contoso.example : Great Lakes | Central , bob@contoso.example:California',
    })
    expect([...config.REGION_MANAGERS]).toEqual([
      ['alice@contoso.example', ['Great Lakes', 'Central']],
      ['bob@contoso.example', ['California']],
    ])
    expect(loadConfig({}).REGION_MANAGERS.size).toBe(0)
    for (const value of ['alice@contoso.example', 'a:', 'a:B:C', 'a:B,A:C', ':B']) {
      expect(() => loadConfig({ REGION_MANAGERS: value }), value).toThrowError(
        /REGION_MANAGERS must be a comma-separated list of user:Region\|Region, each user once/,
      )
    }
  })

  it('gives the read-only and regional roles no default outside the development provider', () => {
    const entra = loadConfig({
      OIDC_AUTHORITY: 'https://login.example/tenant/v2.0',
      OIDC_CLIENT_ID: 'c',
    })
    expect(entra.READONLY_ROLE).toBeUndefined()
    expect(entra.REGION_ROLE_PREFIX).toBeUndefined()
  })
})
