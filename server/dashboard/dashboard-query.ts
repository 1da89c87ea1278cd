import { z } from 'zod'
import { findBrand } from '../../shared/brand/find-brand.js'
import type { Brand } from '../../shared/config/public-config.js'
import { AppError } from '../http/app-error.js'
import { blankIsAbsent, queryText, yearQueryParam } from '../http/query-text.js'

/** The year and brand filter of the program office's pages: `?year=2026&brand=chevy`. */
export const yearBrandQuery = z.object({
  year: yearQueryParam(),
  brand: z.preprocess(blankIsAbsent, queryText('Brand', 20).optional()),
})

export const BRAND_MESSAGE = 'The brand is not part of the program.'

/** The brand key of a configured brand (any case), undefined for all; a 400 for another. */
export function brandFilter(brands: readonly Brand[], key: string | undefined): string | undefined {
  if (key === undefined) return undefined
  const brand = findBrand(brands, key)
  if (!brand) throw AppError.badRequest(BRAND_MESSAGE, { brand: [BRAND_MESSAGE] })
  return brand.key
}
