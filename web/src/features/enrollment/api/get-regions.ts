import type { Region } from '@shared/region/region'
import { useEffect, useState } from 'react'
import { api } from '../../../lib/api-client'

let cached: Promise<Region[]> | undefined

export function getRegions(): Promise<Region[]> {
  cached ??= api.get<Region[]>('/api/regions').catch((error: unknown) => {
    cached = undefined
    throw error
  })
  return cached
}

/** The sales regions, loaded once per page; empty until they arrive. */
export function useRegions(enabled: boolean): Region[] {
  const [regions, setRegions] = useState<Region[]>([])
  useEffect(() => {
    if (!enabled) return
    let live = true
    getRegions().then(
      (found) => live && setRegions(found),
      (error: unknown) => console.error('Could not load the regions', error),
    )
    return () => {
      live = false
    }
  }, [enabled])
  return regions
}
