import { randomUUID } from 'node:crypto'
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, type JWTVerifyGetKey } from 'jose'

export interface DevSigningKey {
  /** For the provider's `jwks` configuration. */
  privateJwk: JWK
  /** The matching public key set, for verifying tokens inside the process. */
  publicKeys: JWTVerifyGetKey
}

/** How the development provider signs its ID tokens. */
export const DEV_SIGNING_ALG = 'ES256'

/**
 * A fresh key per process: tokens of an earlier run stop verifying after a restart. An EC P-256
 * key (ES256, which the verifier accepts beside RS256) is made in a millisecond; an RSA key took
 * 110 to 180 ms of CPU at every start (docs/decisions.md).
 */
export async function generateDevSigningKey(): Promise<DevSigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(DEV_SIGNING_ALG, { extractable: true })
  const kid = randomUUID()
  const alg = DEV_SIGNING_ALG
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg, use: 'sig' }
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' }
  return { privateJwk, publicKeys: createLocalJWKSet({ keys: [publicJwk] }) }
}
