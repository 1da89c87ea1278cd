import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AdminTestApp,
  createAdminTestApp,
  signedInAs,
} from '../test-support/admin-test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

/**
 * A user listed in ADMIN_USERS, READONLY_USERS or REGION_MANAGERS by an email address is not
 * signed in with that role by an ID token whose email the provider says it has not verified: at
 * a provider where anyone may type any address, that address is not who they are.
 */
describe.each(testDatabaseKinds())('a role granted by email needs email_verified on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind, {
      ADMIN_USERS: 'lister@contoso.example',
      READONLY_USERS: 'finn@contoso.example',
      REGION_MANAGERS: 'alice@contoso.example:Great Lakes',
    })
  })
  afterAll(() => t.close())

  const signIn = async (claims: Record<string, unknown>) => {
    const { inject } = await signedInAs(t, { name: 'Someone', ...claims })
    const session = await inject({ url: '/api/session' })
    expect(session.statusCode).toBe(200)
    const list = await inject({ url: '/api/enrollments' })
    return { role: session.json().role, list: list.statusCode }
  }

  it('an unverified email is granted no role, nor any admin call', async () => {
    for (const email of [
      'lister@contoso.example',
      'finn@contoso.example',
      'alice@contoso.example',
    ]) {
      expect(await signIn({ email, email_verified: false })).toEqual({ role: null, list: 403 })
    }
  })

  it('a verified email, or one of a provider that does not say, is granted its role as before', async () => {
    for (const verified of [{ email_verified: true }, {}]) {
      expect(await signIn({ email: 'lister@contoso.example', ...verified })).toEqual({
        role: 'administrator',
        list: 200,
      })
      expect(await signIn({ email: 'finn@contoso.example', ...verified })).toEqual({
        role: 'read-only',
        list: 200,
      })
      expect(await signIn({ email: 'alice@contoso.example', ...verified })).toEqual({
        role: 'regional-manager',
        list: 200,
      })
    }
  })

  it('the username and the roles claim grant their roles whatever email_verified says', async () => {
    const unverified = { email: 'someone@elsewhere.example', email_verified: false }
    expect(
      await signIn({ ...unverified, preferred_username: 'lister@contoso.example' }),
    ).toMatchObject({ role: 'administrator' })
    expect(await signIn({ ...unverified, roles: ['PosAdmin'] })).toMatchObject({
      role: 'administrator',
    })
    expect(await signIn({ ...unverified, roles: ['PosRegion:GreatLakes'] })).toMatchObject({
      role: 'regional-manager',
    })
  })
})
