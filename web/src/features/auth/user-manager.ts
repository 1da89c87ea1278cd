import type { SignInSettings } from '@shared/config/public-config'
import { UserManager, WebStorageStateStore } from 'oidc-client-ts'

export const SILENT_PAGE = '/oidc-silent.html'

/** The OpenID Connect client: authorization code + PKCE, tokens kept in session storage. */
export function createUserManager(auth: SignInSettings): UserManager {
  const origin = window.location.origin
  const store = new WebStorageStateStore({ store: window.sessionStorage })
  return new UserManager({
    authority: auth.authority,
    client_id: auth.clientId,
    redirect_uri: `${origin}${auth.redirectPath}`,
    silent_redirect_uri: `${origin}${SILENT_PAGE}`,
    post_logout_redirect_uri: `${origin}/admin`,
    response_type: 'code',
    scope: auth.scopes.join(' '),
    userStore: store,
    stateStore: store,
    automaticSilentRenew: false,
    loadUserInfo: false,
    silentRequestTimeoutInSeconds: 6,
  })
}
