import { randomUUID } from 'node:crypto'
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, type JWTVerifyGetKey } from 'jose'

export interface DevSigningKey {
  /** For the provider's `jwks` configuration. */
  privateJwk: JWK
  /** The matching public key set, for verifying tokens inside the process. */
  publicKeys: JWTVerifyGetKey
}

/** A fresh RS256 key per process: tokens of an earlier run stop verifying after a restart. */
export async function generateDevSigningKey(): Promise<DevSigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  const kid = randomUUID()
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }
  return { privateJwk, publicKeys: createLocalJWKSet({ keys: [publicJwk] }) }
}
