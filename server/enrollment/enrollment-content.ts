import type { Kysely } from 'kysely'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import { toLmaRowEntry } from '../../shared/enrollment/dealer-entry-fields.js'
import type { DealerEntry, Enrollment } from '../../shared/enrollment/enrollment.js'
import type { Database } from '../db/schema.js'
import { AppError } from '../http/app-error.js'
import { duplicateBacMessage, duplicateLmaError } from './enrollment-conflicts.js'
import type { EnrollmentContext } from './enrollment-context.js'
import type { EnrollmentRow } from './enrollment-mapping.js'
import type { EnrollmentContent } from './enrollment-repository.js'

/** What is stored of a validated enrollment: LMA dealer rows keep only what the LMA table shows. */
export function toStoredContent(input: Enrollment): EnrollmentContent {
  if (input.type === 'Dealer') {
    return {
      regionId: input.regionId,
      lma: null,
      dealers: input.dealers.slice(0, 1).map(stripClientFields),
    }
  }
  return {
    regionId: input.regionId,
    lma: input.lma,
    dealers: input.dealers.map((dealer) => toLmaRowEntry(stripClientFields(dealer))),
  }
}

function stripClientFields({ simple: _simple, ...entry }: DealerEntry): DealerEntry {
  return entry
}

export interface FreeCheckOptions {
  /** A new submission whose BAC or LMA is already enrolled is a 409 (docs/product.md#duplicates). */
  duplicateIsConflict: boolean
  /** The enrollment being changed, whose own BACs and name do not count. */
  except?: Pick<EnrollmentRow, 'id'>
}

/** Refuses content that another enrollment of the same brand and year already holds. */
export async function checkContentIsFree(
  context: EnrollmentContext,
  executor: Kysely<Database>,
  input: Enrollment,
  options: FreeCheckOptions,
): Promise<void> {
  const where = { brand: input.brand, year: input.year, exceptEnrollmentId: options.except?.id }
  if (input.type === 'Lma' && input.lma) {
    if (await context.enrollments.lmaNameTaken(executor, { ...where, name: input.lma.name })) {
      throw duplicateLmaError(options)
    }
  }
  const taken = await context.enrollments.takenBacs(executor, {
    ...where,
    bacs: input.dealers.map((d) => d.bac),
  })
  if (taken.size === 0) return
  const errors: Record<string, string[]> = {}
  input.dealers.forEach((dealer, index) => {
    if (taken.has(bacKey(dealer.bac)))
      errors[`dealers[${index}].bac`] = [duplicateBacMessage(input.year)]
  })
  throw AppError.badRequest('Some dealers are already enrolled.', errors)
}
