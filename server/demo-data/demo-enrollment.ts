import type { Insertable } from 'kysely'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import type { EnrollmentDealerTable, EnrollmentTable } from '../db/schema.js'
import { blankDealerColumns } from '../enrollment/enrollment-mapping.js'
import type { Random } from './random.js'
import type { DemoDealer } from './synthetic-dealers.js'

export type DemoDealerRow = Omit<Insertable<EnrollmentDealerTable>, 'enrollment_id'>

/** An enrollment and its dealer rows, ready to insert. */
export interface DemoEnrollment {
  enrollment: Insertable<EnrollmentTable>
  dealers: DemoDealerRow[]
}

/** What generating one year of demo enrollments reads: the random source, the year, the regions. */
export interface DemoYearContext {
  random: Random
  year: number
  regionFor(state: string): number | null
}

type AuthField =
  | 'auth_name'
  | 'auth_title'
  | 'auth_email_address'
  | 'auth_phone_number'
  | 'auth_fax_number'
type DealerRowFields = Pick<DemoDealerRow, 'kit_size' | 'hispanic' | 'billing'> &
  Partial<Pick<DemoDealerRow, AuthField>>

/** A dealer row for a directory dealer, its address copied from the directory; no auth fields on LMA rows. */
export function dealerRow(
  dealer: DemoDealer,
  year: number,
  position: number,
  fields: DealerRowFields,
): DemoDealerRow {
  return {
    ...blankDealerColumns(),
    position,
    brand: dealer.brand,
    year,
    bac: dealer.bac,
    bac_key: bacKey(dealer.bac),
    name: dealer.name,
    address: dealer.address,
    city: dealer.city,
    state: dealer.state,
    postal: dealer.postal,
    country: dealer.country,
    auth_name: fields.auth_name ?? '',
    auth_title: fields.auth_title ?? '',
    auth_email_address: fields.auth_email_address ?? '',
    auth_phone_number: fields.auth_phone_number ?? '',
    auth_fax_number: fields.auth_fax_number ?? '',
    kit_size: fields.kit_size,
    hispanic: fields.hispanic,
    billing: fields.billing,
  }
}

/** Enrolled between January 6 and April 30 of `year`, last changed up to three weeks later. */
export function enrollmentDates(random: Random, year: number) {
  const created = new Date(Date.UTC(year, 0, 6, 13) + random.int(0, 114 * 24 * 60) * 60_000)
  const modified = new Date(created.getTime() + random.int(10, 21 * 24 * 60) * 60_000)
  return { created_at: created, modified_at: modified }
}

/** Hands out each brand's dealers once, so no BAC is enrolled twice in a brand and year. */
export function createDealerPool(random: Random, dealers: readonly DemoDealer[]) {
  const remaining = random.shuffle(dealers)
  const used = new Set<string>()
  const claim = (dealer: DemoDealer): DemoDealer => {
    used.add(`${dealer.brand}\n${dealer.bac}`)
    return dealer
  }
  const free = (brand: string) =>
    remaining.filter((dealer) => dealer.brand === brand && !used.has(`${brand}\n${dealer.bac}`))
  return {
    take(brand: string): DemoDealer {
      const dealer = free(brand)[0]
      if (!dealer) throw new Error(`Not enough demo dealers of brand ${brand}`)
      return claim(dealer)
    },
    /** `count` dealers, from `state` as far as it has unused ones. */
    takeNear(brand: string, state: string, count: number): DemoDealer[] {
      const near = free(brand).filter((dealer) => dealer.state === state)
      const chosen = near.slice(0, count).map(claim)
      while (chosen.length < count) chosen.push(this.take(brand))
      return chosen
    },
  }
}

export type DealerPool = ReturnType<typeof createDealerPool>
