import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { AdminTestApp } from './admin-test-app.js'

/** The region REGIONAL_CLAIMS manage, as the program names it (migration 0001). */
export const REGIONAL_REGION = 'Great Lakes'

/** A regional manager of Great Lakes, by the role PosRegion:GreatLakes (REGION_ROLE_PREFIX). */
export const REGIONAL_CLAIMS = {
  preferred_username: 'rita.region@contoso.example',
  name: 'Rita Region',
  email: 'rita.region@contoso.example',
  oid: '00000000-0000-0000-0000-00000000c0c0',
  roles: ['PosRegion:GreatLakes'],
}

/** A read-only user, by the role PosAudit (READONLY_ROLE). */
export const READONLY_CLAIMS = {
  preferred_username: 'rory.reader@contoso.example',
  name: 'Rory Reader',
  email: 'rory.reader@contoso.example',
  oid: '00000000-0000-0000-0000-00000000d0d0',
  roles: ['PosAudit'],
}

/** The environment that gives REGIONAL_CLAIMS and READONLY_CLAIMS their roles. */
export const ROLE_ENV = { REGION_ROLE_PREFIX: 'PosRegion:', READONLY_ROLE: 'PosAudit' }

export type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>

/** `app.inject` with an ID token of these claims (an app made with ROLE_ENV). */
export async function signedInAs(
  t: AdminTestApp,
  claims: Record<string, unknown>,
): Promise<{ token: string; inject: Inject }> {
  const token = await t.idp.sign(claims, { expiresIn: 3600 })
  return {
    token,
    inject: (options) =>
      t.app.inject({
        ...options,
        headers: { ...options.headers, authorization: `Bearer ${token}` },
      }),
  }
}

/** The id of a region, by its name. */
export async function regionId(t: AdminTestApp, name: string): Promise<number> {
  const region = await t.database.db
    .selectFrom('regions')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow()
  return region.id
}
