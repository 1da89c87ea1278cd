import { randomBytes } from 'node:crypto'
import type { KoaContextWithOIDC, default as Provider } from 'oidc-provider'
import type { Config } from '../config/config.js'
import { ConfigError } from '../config/config.js'
import { DEV_OIDC_CLIENT_ID, DEV_OIDC_PATH } from '../public-config/public-config.js'
import { type DevAccounts, devAccounts } from './dev-accounts.js'
import { devPageCsp, logoutPage, messagePage } from './dev-oidc-pages.js'
import { DEV_SIGNING_ALG, type DevSigningKey, generateDevSigningKey } from './dev-signing-key.js'

export interface DevOidc {
  /**
   * The provider, built on its first use: oidc-provider (with Koa) is a large module graph that
   * only a sign-in needs, so start-up does not load it (docs/decisions.md).
   */
  provider(): Promise<Provider>
  issuer: string
  accounts: DevAccounts
  /** For the ID token verifier in the same process. */
  trust: { issuer: string; keys: DevSigningKey['publicKeys'] }
}

/** Everything the development client may be granted; `user.read` (asked for by the SPA for Entra ID) is accepted and ignored. */
const SCOPES = 'openid offline_access profile email user.read'
const HOUR = 3600

/** The embedded development OpenID provider (docs/decisions.md, "An embedded OpenID provider for development"); refuses to exist in production. */
export async function createDevOidc(config: Config): Promise<DevOidc> {
  if (config.isProduction) {
    throw new ConfigError(
      'Invalid configuration:\n  the development sign-in does not run in production; set OIDC_AUTHORITY and OIDC_CLIENT_ID',
    )
  }
  const issuer = `${config.PUBLIC_URL}${DEV_OIDC_PATH}`
  const key = await generateDevSigningKey()
  const accounts = devAccounts(config.DEV_USERS)
  let provider: Promise<Provider> | undefined
  return {
    provider: () => {
      // A failed build is tried again by the next request.
      provider ??= createProvider(config, issuer, key, accounts).catch((error: unknown) => {
        provider = undefined
        throw error
      })
      return provider
    },
    issuer,
    accounts,
    trust: { issuer, keys: key.publicKeys },
  }
}

async function createProvider(
  config: Config,
  issuer: string,
  key: DevSigningKey,
  accounts: DevAccounts,
): Promise<Provider> {
  const { default: Provider, interactionPolicy } = await import('oidc-provider')
  const csp = devPageCsp(config.PUBLIC_URL)
  const html = (ctx: KoaContextWithOIDC, body: string) => {
    ctx.type = 'html'
    ctx.set('content-security-policy', csp)
    ctx.set('cache-control', 'no-store')
    ctx.body = body
  }

  const policy = interactionPolicy.base()
  // prompt=select_account (the forced account picker, docs/product.md#admin-area) shows the sign-in form again.
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0)

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: DEV_OIDC_CLIENT_ID,
        client_name: 'Dealer Funded POS Program (development)',
        token_endpoint_auth_method: 'none',
        id_token_signed_response_alg: DEV_SIGNING_ALG,
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        scope: SCOPES,
        redirect_uris: [`${config.PUBLIC_URL}/oidc`, `${config.PUBLIC_URL}/oidc-silent.html`],
        post_logout_redirect_uris: [`${config.PUBLIC_URL}/admin`, `${config.PUBLIC_URL}/`],
      },
    ],
    scopes: SCOPES.split(' '),
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'roles'],
      email: ['email', 'email_verified'],
    },
    // The SPA sends the ID token to the API, so the ID token carries the profile claims.
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => accounts.account(id),
    jwks: { keys: [key.privateJwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${DEV_OIDC_PATH}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => html(ctx, logoutPage(form)),
        postLogoutSuccessSource: (ctx) =>
          html(ctx, messagePage('Signed out', ['You are signed out of the development sign-in.'])),
      },
    },
    // The one client is first-party: its grant is given without a consent screen.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx
      const accountId = oidc.session?.accountId
      const clientId = oidc.client?.clientId
      if (!accountId || !clientId) return undefined
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId)
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined
      if (existing && existing.accountId === accountId && existing.clientId === clientId) {
        return existing
      }
      const grant = new oidc.provider.Grant({ accountId, clientId })
      grant.addOIDCScope(SCOPES)
      await grant.save()
      return grant
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    renderError: (ctx, out) =>
      html(
        ctx,
        messagePage('Sign-in failed', [out.error, out.error_description ?? ''].filter(Boolean)),
      ),
    clientBasedCORS: (_ctx, origin) => origin === new URL(config.PUBLIC_URL).origin,
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Session: 12 * HOUR,
      Grant: 12 * HOUR,
      RefreshToken: 12 * HOUR,
    },
  })
  provider.proxy = Boolean(config.TRUST_PROXY && config.TRUST_PROXY !== 'false')
  return provider
}
