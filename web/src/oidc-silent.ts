import { UserManager } from 'oidc-client-ts'

// The silent sign-in frame: hand the provider's answer to the page that opened the frame.
// Only the message to the parent is used, so the settings need no real authority.
new UserManager({
  authority: window.location.origin,
  client_id: 'silent',
  redirect_uri: window.location.href,
})
  .signinSilentCallback()
  .catch((error: unknown) => console.error('Silent sign-in callback failed', error))
