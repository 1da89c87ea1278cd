import type { PublicConfig } from '@shared/config/public-config'
import { call } from '../../lib/api-client'

/** The deployment's public configuration (brands, the program's calendar, support, sign-in), loaded once at start. */
export function getPublicConfig(): Promise<PublicConfig> {
  return call('GET /api/config')
}
