import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.js'

describe('sign-in configuration', () => {
  it('has a development user of each role by default, and one without a role', () => {
    const config = loadConfig({})
    expect(config.DEV_USERS).toEqual([
      { email: 'admin@example.com', name: 'Ada Admin', roles: ['admin'] },
      {
        email: 'regional@example.com',
        name: 'Rhea Regional',
        roles: ['region.GreatLakes', 'region.California'],
      },
      { email: 'reader@example.com', name: 'Rory Reader', roles: ['readonly'] },
      { email: 'vendor@example.com', name: 'Vera Vendor', roles: ['fulfillment'] },
      { email: 'viewer@example.com', name: 'Victor Viewer', roles: [] },
    ])
    expect(config.ADMIN_ROLE).toBe('admin')
    expect(config.READONLY_ROLE).toBe('readonly')
    expect(config.FULFILLMENT_ROLE).toBe('fulfillment')
    expect(config.REGION_ROLE_PREFIX).toBe('region.')
    expect(config.DEV_PASSWORD).toBe('dev')
  })

  it('reads DEV_USERS as email:Display Name[:role|role]', () => {
    const config = loadConfig({
      DEV_USERS: ' Pat@Example.com : Pat Smith : PosAdmin ,q@y.example:Q:a|b.c,x@y.example:X',
    })
    expect(config.DEV_USERS).toEqual([
      { email: 'pat@example.com', name: 'Pat Smith', roles: ['PosAdmin'] },
      { email: 'q@y.example', name: 'Q', roles: ['a', 'b.c'] },
      { email: 'x@y.example', name: 'X', roles: [] },
    ])
  })

  it.each([
    [
      'not-an-email:Name',
      /DEV_USERS must be a comma-separated list of email:Display Name\[:role\|role\]/,
    ],
    ['a@example.com', /DEV_USERS must be a comma-separated list/],
    ['a@example.com:A:bad role', /DEV_USERS must be a comma-separated list/],
    ['a@example.com:A:r:extra', /DEV_USERS must be a comma-separated list/],
    ['a@example.com:A:r|', /DEV_USERS must be a comma-separated list/],
    ['a@example.com:A,A@example.com:B', /DEV_USERS must not name the same email twice/],
  ])('stops on DEV_USERS=%s', (value, message) => {
    expect(() => loadConfig({ DEV_USERS: value })).toThrowError(message)
  })

  it('never echoes DEV_PASSWORD', () => {
    expect(() => loadConfig({ DEV_PASSWORD: 'x'.repeat(300) })).toThrowError(/DEV_PASSWORD/)
    expect(() => loadConfig({ DEV_PASSWORD: 'x'.repeat(300) })).not.toThrowError(/xxxx/)
  })

  it("makes the dev provider's 'admin' role the administrator role, and only for it", () => {
    expect(loadConfig({}).ADMIN_ROLE).toBe('admin')
    expect(loadConfig({}).ADMIN_USERS).toEqual([])
    expect(loadConfig({ ADMIN_ROLE: 'PosAdmin' }).ADMIN_ROLE).toBe('PosAdmin')
    const entra = loadConfig({
      OIDC_AUTHORITY: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0',
      OIDC_CLIENT_ID: 'c0ffee00-0000-0000-0000-000000000000',
    })
    expect(entra.ADMIN_ROLE).toBeUndefined()
  })

  it('refuses production without a real sign-in authority', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' }
    expect(() => loadConfig(production)).toThrowError(ConfigError)
    expect(() => loadConfig(production)).toThrowError(/OIDC_AUTHORITY and OIDC_CLIENT_ID/)
    expect(
      loadConfig({
        ...production,
        OIDC_AUTHORITY: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0',
        OIDC_CLIENT_ID: 'c0ffee00-0000-0000-0000-000000000000',
        ADMIN_ROLE: 'PosAdmin',
      }).isProduction,
    ).toBe(true)
  })
})
