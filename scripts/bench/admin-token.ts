import { devSignIn } from '../../server/test-support/dev-sign-in.js'

/** Signs the dev administrator in over HTTP (authorization code + PKCE); answers the ID token. */
export async function adminIdToken(url: string): Promise<string> {
  const { tokens } = await devSignIn(url, 'admin@example.com')
  return tokens.id_token
}
