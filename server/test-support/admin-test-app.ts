import type { InjectOptions, LightMyRequestResponse } from 'fastify'
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
}

/**
 * The real application signing in against a test authority served over HTTP (discovery and
 * JWKS), administrators by ADMIN_ROLE=PosAdmin or ADMIN_USERS=lister@contoso.example.
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
      ...env,
    },
    options,
  )
  const token = await idp.sign(ADMIN_CLAIMS, { expiresIn: 3600 })
  return {
    ...t,
    idp,
    asAdmin: (options) =>
      t.app.inject({
        ...options,
        headers: { ...options.headers, authorization: `Bearer ${token}` },
      }),
    close: async () => {
      await t.close()
      await idp.close()
    },
  }
}
