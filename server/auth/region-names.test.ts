import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AdminTestApp,
  createAdminTestApp,
  signedInAs,
} from '../test-support/admin-test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

/**
 * A regional manager's region names (REGION_MANAGERS and REGION_ROLE_PREFIX roles) name the
 * program's regions by their letters and digits in any script: a role for one non-Latin region
 * grants that region and no other.
 */
describe.each(testDatabaseKinds())('regions named in other scripts on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind, {
      REGION_MANAGERS: 'masha@contoso.example:Москва,kenji@contoso.example:東京|Great-Lakes',
    })
    // Before anyone signs in as a regional manager: the regions are read once per process.
    await t.database.db
      .insertInto('regions')
      .values(
        [
          'Москва',
          'Киев',
          '東京',
          '大阪',
          'बिहार',
          'बहार',
          'Île-de-France',
          'Nord Est',
          'Nord-Est',
        ].map((name, index) => ({
          name,
          sort_order: 100 + index,
        })),
      )
      .execute()
  })
  afterAll(() => t.close())

  const regionsOf = async (claims: Record<string, unknown>) => {
    const { inject } = await signedInAs(t, { name: 'Someone', ...claims })
    const response = await inject({ url: '/api/session' })
    expect(response.statusCode).toBe(200)
    return response.json() as { role: string | null; regions: string[] }
  }
  const byRole = (...roles: string[]) =>
    regionsOf({ preferred_username: 'someone@contoso.example', roles })

  it('a role for one non-Latin region grants it and no other', async () => {
    expect(await byRole('PosRegion:Москва')).toMatchObject({ regions: ['Москва'] })
    expect(await byRole('PosRegion:Киев')).toMatchObject({ regions: ['Киев'] })
    expect(await byRole('PosRegion:東京')).toMatchObject({ regions: ['東京'] })
    expect(await byRole('PosRegion:大阪')).toMatchObject({ regions: ['大阪'] })
    expect(await byRole('PosRegion:बिहार')).toMatchObject({ regions: ['बिहार'] })
    expect(await byRole('PosRegion:москва', 'PosRegion:ÎleDeFrance')).toMatchObject({
      regions: ['Москва', 'Île-de-France'],
    })
  })

  it('REGION_MANAGERS names non-Latin regions the same way, Latin ones as before', async () => {
    expect(await regionsOf({ email: 'masha@contoso.example' })).toEqual({
      username: 'masha@contoso.example',
      name: 'Someone',
      role: 'regional-manager',
      regions: ['Москва'],
    })
    expect(await regionsOf({ preferred_username: 'KENJI@contoso.example' })).toMatchObject({
      role: 'regional-manager',
      regions: ['東京', 'Great Lakes'],
    })
  })

  it('a name of no letters or digits, or of no region of the program, grants none', async () => {
    expect(await byRole('PosRegion:-')).toEqual({
      username: 'someone@contoso.example',
      name: 'Someone',
      role: 'regional-manager',
      regions: [],
    })
    expect(await byRole('PosRegion:Санкт-Петербург')).toMatchObject({ regions: [] })
    expect(await byRole('PosRegion:京都')).toMatchObject({ regions: [] })
  })

  it('a name two regions share the key of grants the one of exactly that name, or neither', async () => {
    expect(await byRole('PosRegion:NordEst')).toMatchObject({ regions: [] })
    expect(await byRole('PosRegion:Nord-Est')).toMatchObject({ regions: ['Nord-Est'] })
  })
})
