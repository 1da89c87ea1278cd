import type { Region } from '@shared/region/region'
import { type Load, useLoad } from '../../../components/ui/use-load'
import { call } from '../../../lib/api-client'

let cached: Promise<Region[]> | undefined

export function getRegions(): Promise<Region[]> {
  cached ??= call('GET /api/regions').catch((error: unknown) => {
    cached = undefined
    throw error
  })
  return cached
}

/** The sales regions, loaded once per page; a failure can be retried. */
export function useRegions(enabled: boolean): Load<Region[]> {
  return useLoad(enabled ? getRegions : null)
}
