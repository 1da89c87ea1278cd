import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { JWTPayload } from 'jose'
import type { AppOptions } from '../app.js'
import type { DatabaseKind } from '../db/database.js'
import { createTestApp, type TestApp } from './test-app.js'
import { startTestIdentityProvider, type TestIdentityProvider } from './test-identity-provider.js'

/** The claims of an Entra ID token for an administrator (by the app role PosAdmin). */
export const ADMIN_CLAIMS = {
  preferred_username: 'ada.admin@contoso.example',
  name: 'Ada Admin',
  email: 'ada.admin@contoso.example',
  oid: '00000000-0000-0000-0000-00000000a0a0',
  roles: ['PosAdmin'],
}

/**
 * A regional manager of Great Lakes, by the roles claim (REGION_ROLE_PREFIX=PosRegion:; a role
 * value holds no space, and `PosRegion:GreatLakes` names "Great Lakes").
 */
export const REGIONAL_MANAGER_CLAIMS = {
  preferred_username: 'greta.lakes@contoso.example',
  name: 'Greta Lakes',
  email: 'greta.lakes@contoso.example',
  oid: '00000000-0000-0000-0000-00000000c0c0',
  roles: ['PosRegion:GreatLakes'],
}

/** The one region of REGIONAL_MANAGER_CLAIMS, as the program names it. */
export const REGIONAL_MANAGER_REGION = 'Great Lakes'

/** A read-only user (auditor, finance), by the roles claim (READONLY_ROLE=PosAudit). */
export const READONLY_CLAIMS = {
  preferred_username: 'rita.readonly@contoso.example',
  name: 'Rita Readonly',
  email: 'rita.readonly@contoso.example',
  oid: '00000000-0000-0000-0000-00000000d0d0',
  roles: ['PosAudit'],
}

/** The print vendor, by the roles claim (FULFILLMENT_ROLE=PosVendor). */
export const FULFILLMENT_CLAIMS = {
  preferred_username: 'vera.vendor@print.example',
  name: 'Vera Vendor',
  email: 'vera.vendor@print.example',
  oid: '00000000-0000-0000-0000-00000000e0e0',
  roles: ['PosVendor'],
}

/** A signed-in user of the same authority who is no administrator. */
export const VIEWER_CLAIMS = {
  preferred_username: 'victor.viewer@contoso.example',
  name: 'Victor Viewer',
  oid: '00000000-0000-0000-0000-00000000b0b0',
  roles: ['Reader'],
}

export interface AdminTestApp extends TestApp {
  idp: TestIdentityProvider
  /** `app.inject` with an administrator's ID token. */
  asAdmin(options: InjectOptions): Promise<LightMyRequestResponse>
  /** `app.inject` with the ID token of REGIONAL_MANAGER_CLAIMS (Great Lakes). */
  asRegionalManager(options: InjectOptions): Promise<LightMyRequestResponse>
  /** `app.inject` with the ID token of READONLY_CLAIMS. */
  asReadOnly(options: InjectOptions): Promise<LightMyRequestResponse>
  /** `app.inject` with the ID token of FULFILLMENT_CLAIMS (the print vendor). */
  asVendor(options: InjectOptions): Promise<LightMyRequestResponse>
}

/**
 * The real application signing in against a test authority served over HTTP (discovery and
 * JWKS), administrators by ADMIN_ROLE=PosAdmin or ADMIN_USERS=lister@contoso.example, regional
 * managers by REGION_ROLE_PREFIX=PosRegion:, read-only users by READONLY_ROLE=PosAudit and the
 * print vendor by FULFILLMENT_ROLE=PosVendor.
 */
export async function createAdminTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'mail' | 'reminders' | 'draftPurge' | 'retention'> = {},
): Promise<AdminTestApp> {
  const idp = await startTestIdentityProvider()
  const t = await createTestApp(
    kind,
    {
      OIDC_AUTHORITY: idp.authority,
      OIDC_CLIENT_ID: idp.clientId,
      ADMIN_ROLE: 'PosAdmin',
      ADMIN_USERS: 'lister@contoso.example',
      REGION_ROLE_PREFIX: 'PosRegion:',
      READONLY_ROLE: 'PosAudit',
      FULFILLMENT_ROLE: 'PosVendor',
      ...env,
    },
    options,
  )
  const signedIn = async (claims: JWTPayload) => (await signedInAs({ ...t, idp }, claims)).inject
  return {
    ...t,
    idp,
    asAdmin: await signedIn(ADMIN_CLAIMS),
    asRegionalManager: await signedIn(REGIONAL_MANAGER_CLAIMS),
    asReadOnly: await signedIn(READONLY_CLAIMS),
    asVendor: await signedIn(FULFILLMENT_CLAIMS),
    close: async () => {
      await t.close()
      await idp.close()
    },
  }
}

export type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>

/** `app.inject` with an ID token of these claims, signed by the test app's authority. */
export async function signedInAs(
  t: Pick<AdminTestApp, 'app' | 'idp'>,
  claims: JWTPayload,
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
export async function regionId(t: Pick<AdminTestApp, 'database'>, name: string): Promise<number> {
  const region = await t.database.db
    .selectFrom('regions')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow()
  return region.id
}
