import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config/config.js'
import { createDevOidc } from './dev-oidc-provider.js'

describe('createDevOidc', () => {
  it('refuses to run in production, with a clear message', async () => {
    const config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      NODE_ENV: 'production' as const,
      isProduction: true,
    }
    await expect(createDevOidc(config)).rejects.toThrowError(ConfigError)
    await expect(createDevOidc(config)).rejects.toThrowError(
      /development sign-in does not run in production/,
    )
  })

  it('is an issuer under PUBLIC_URL/dev-oidc with keys for the verifier in the process', async () => {
    const devOidc = await createDevOidc(
      loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://pos.example.com' }),
    )
    expect(devOidc.issuer).toBe('https://pos.example.com/dev-oidc')
    expect(devOidc.trust.issuer).toBe(devOidc.issuer)
    expect(devOidc.accounts.find(' ADMIN@example.com ')?.roles).toEqual(['admin'])
    expect(devOidc.accounts.find('nobody@example.com')).toBeUndefined()
  })
})
