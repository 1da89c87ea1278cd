import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { MISDIRECTED_DEV_TOOLS_MESSAGE } from './dev-tools-host.js'

const DEV_TOOL_PATHS = [
  '/dev/mail',
  '/dev/mail/messages.json',
  '/dev-oidc/.well-known/openid-configuration',
]

describe('the development tools answer only loopback host names (DNS rebinding)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite')
  })
  afterAll(() => t.close())

  it.each(DEV_TOOL_PATHS)('%s refuses a foreign Host with a 421 problem', async (url) => {
    for (const host of ['evil.example:3000', 'evil.example', '127.0.0.1.evil.example:3000']) {
      const response = await t.app.inject({ url, headers: { host } })
      expect(response.statusCode, host).toBe(421)
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(response.json()).toMatchObject({ status: 421, detail: MISDIRECTED_DEV_TOOLS_MESSAGE })
      expect(response.body).not.toContain('auth=')
    }
  })

  it.each(DEV_TOOL_PATHS)('%s answers localhost, 127.x and [::1], with any port', async (url) => {
    for (const host of [
      'localhost',
      'localhost:3000',
      '127.0.0.1:3000',
      '127.8.9.10',
      '[::1]:3000',
    ]) {
      const response = await t.app.inject({ url, headers: { host } })
      expect(response.statusCode, host).toBe(200)
    }
  })

  it('leaves the application itself to any host name', async () => {
    const response = await t.app.inject({ url: '/api/config', headers: { host: 'evil.example' } })
    expect(response.statusCode).toBe(200)
  })
})

describe('the development tools exposed with DEV_TOOLS=true on another address', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      HOST: '0.0.0.0',
      DEV_TOOLS: 'true',
      PUBLIC_URL: 'http://pos-dev.internal:8080',
    })
  })
  afterAll(() => t.close())

  it('answer the host of PUBLIC_URL and loopback names, and no other', async () => {
    const ask = (host: string) => t.app.inject({ url: '/dev/mail', headers: { host } })
    expect((await ask('pos-dev.internal:8080')).statusCode).toBe(200)
    expect((await ask('POS-DEV.internal')).statusCode).toBe(200)
    expect((await ask('localhost:8080')).statusCode).toBe(200)
    expect((await ask('evil.example:8080')).statusCode).toBe(421)
  })
})
