import { findBrand } from '@shared/brand/find-brand'
import type { ReactNode } from 'react'
import { Redirect, useParams } from 'wouter'
import { useConfig } from '../config/config-context'
import { BrandProvider } from './brand-context'

/** Routes under /{brand}: an unknown brand goes back to /. */
export function BrandGuard({ children }: { children: ReactNode }) {
  const { brand } = useParams<{ brand: string }>()
  const found = findBrand(useConfig().brands, brand)
  if (!found) return <Redirect to="~/" replace />
  return <BrandProvider brandKey={found.key}>{children}</BrandProvider>
}
