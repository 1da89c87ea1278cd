/** What the verifier reads of an authority's discovery document. */
export interface OpenIdMetadata {
  issuer: string
  jwks_uri: string
}

export type DiscoveryFetcher = (authority: string) => Promise<OpenIdMetadata>

const TIMEOUT_MS = 5000

/** `{authority}/.well-known/openid-configuration`, checked for the two fields the verifier needs. */
export async function fetchOpenIdMetadata(authority: string): Promise<OpenIdMetadata> {
  const url = `${authority.replace(/\/+$/, '')}/.well-known/openid-configuration`
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  const body = (await response.json()) as Partial<Record<keyof OpenIdMetadata, unknown>>
  if (typeof body.issuer !== 'string' || typeof body.jwks_uri !== 'string') {
    throw new Error(`${url} has no issuer or jwks_uri`)
  }
  return { issuer: body.issuer, jwks_uri: body.jwks_uri }
}

/** Fetches once and keeps the answer; a failure is not kept, so the next call tries again. */
export function cachedDiscovery(
  authority: string,
  fetcher: DiscoveryFetcher = fetchOpenIdMetadata,
): () => Promise<OpenIdMetadata> {
  let pending: Promise<OpenIdMetadata> | undefined
  return () => {
    pending ??= fetcher(authority).catch((error: unknown) => {
      pending = undefined
      throw error
    })
    return pending
  }
}
