import { currentBrand } from '@shared/brand/find-brand'
import type { Brand } from '@shared/config/public-config'
import { createContext, type ReactNode, use } from 'react'
import { useConfig } from '../config/config-context'

const BrandContext = createContext<string | undefined>(undefined)

export function BrandProvider({ brandKey, children }: { brandKey: string; children: ReactNode }) {
  return <BrandContext value={brandKey}>{children}</BrandContext>
}

/** The brand of the current route, falling back to the first configured brand. */
export function useBrand(): Brand {
  return currentBrand(useConfig().brands, use(BrandContext))
}
