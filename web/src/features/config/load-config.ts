import type { PublicConfig } from '@shared/config/public-config'
import { api } from '../../lib/api-client'

export function loadConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>('/api/config')
}
