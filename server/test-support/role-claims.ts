import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { AdminTestApp } from './admin-test-app.js'

/**
 * The claims of each role's test user, defined once in admin-test-app.ts (whose apps give them
 * their roles: REGION_ROLE_PREFIX=PosRegion:, READONLY_ROLE=PosAudit), by the names the scope
 * tests read.
 */
export {
  READONLY_CLAIMS,
  REGIONAL_MANAGER_CLAIMS as REGIONAL_CLAIMS,
  REGIONAL_MANAGER_REGION as REGIONAL_REGION,
} from './admin-test-app.js'

export type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>

/** `app.inject` with an ID token of these claims (an app of createAdminTestApp). */
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
