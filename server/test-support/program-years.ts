import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type {
  EnrollmentStatus,
  EnrollmentType,
  HispanicOption,
  KitSize,
} from '../../shared/domain/enrollment-choices.js'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import { lmaNameKey } from '../../shared/enrollment/lma-name-key.js'
import type { Database } from '../db/schema.js'
import { blankDealerColumns } from '../enrollment/enrollment-mapping.js'
import { issueInvoice } from '../invoice/issue-invoice.js'
import { dealerEntry, lmaRecord } from './enrollment-fixtures.js'
import { repositoriesOf } from './repositories-of.js'

export const DAY = 24 * 3600 * 1000

const SEED_CONFIG = {
  BRANDS: [
    { key: 'chevy', name: 'Chevrolet' },
    { key: 'gm', name: 'GM' },
  ],
  REMIT_TO: ['Dealer Funded POS Program'],
}

export interface SeedRow {
  bac: string
  name: string
  kitSize: KitSize
  hispanic: HispanicOption
  billing: 'ImrFunds' | 'OpenParts' | 'None' | 'Lma'
}

export interface SeedEnrollment {
  guid: string
  year: number
  brand: string
  type: EnrollmentType
  /** The status now. */
  status: EnrollmentStatus
  regionId: number | null
  createdAt: Date
  /** The last change: as the product keeps it, never before the last history entry. */
  modifiedAt: Date
  lmaName: string | null
  rows: SeedRow[]
  history: Array<{ at: Date; action: string; statusAfter: string }>
  /** Approved LMAs: when the invoice was issued. */
  invoicedAt: Date | null
  /** Of those, the day the payment arrived (YYYY-MM-DD); null while unpaid. */
  paidOn: string | null
  authorizationRequestedAt: Date | null
}

/** A small deterministic generator (mulberry32), so each run seeds the same shapes. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  }
}

export interface ProgramYearsOptions {
  year: number
  now: Date
  brands: readonly string[]
  /** Region ids to spread over (null: no region). */
  regionIds: readonly (number | null)[]
  perBrandAndYear?: number
  seed?: number
}

/**
 * Two program years of enrollments: this year started 30 days before `now` and is partly
 * enrolled; last year started 400 days before `now` and ran for 120 days. No time lies within
 * an hour of last year's cutoff (its first submission + 30 days), so a test that asks a moment
 * later still gets the same figures.
 */
export function programYears(options: ProgramYearsOptions): SeedEnrollment[] {
  const random = seededRandom(options.seed ?? 7)
  const now = options.now.getTime()
  const firstCurrent = now - 30 * DAY
  const firstPrevious = now - 400 * DAY
  const cutoff = firstPrevious + 30 * DAY
  const awayFromCutoff = (time: number) =>
    Math.abs(time - cutoff) < 3600_000 ? time + 2 * 3600_000 : time
  const enrollments: SeedEnrollment[] = []
  let bac = 700_000
  for (const brand of options.brands) {
    for (const year of [options.year - 1, options.year]) {
      const current = year === options.year
      const count = options.perBrandAndYear ?? 24
      for (let index = 0; index < count; index++) {
        const start = current ? firstCurrent : firstPrevious
        const span = current ? 29 * DAY : 120 * DAY
        // The first enrollment of each brand and year opens its program.
        const createdAt = new Date(
          index === 0 ? start : awayFromCutoff(start + Math.floor(random.next() * span)),
        )
        const type: EnrollmentType = random.next() < 0.35 ? 'Lma' : 'Dealer'
        const rowCount = type === 'Lma' ? random.int(1, 5) : 1
        const declined = type === 'Dealer' && random.next() < 0.15
        const rows: SeedRow[] = Array.from({ length: rowCount }, () => {
          bac += 1
          return {
            bac: String(bac),
            name: `Seed Dealer ${bac}`,
            kitSize: declined ? 'None' : random.pick(['Small', 'Large'] as const),
            hispanic: declined ? 'None' : random.pick(['Yes', 'No', 'Only'] as const),
            billing: declined
              ? 'None'
              : type === 'Lma'
                ? 'Lma'
                : random.pick(['ImrFunds', 'OpenParts'] as const),
          }
        })
        const submittedStatus: EnrollmentStatus = declined
          ? 'Declined'
          : type === 'Lma'
            ? 'Authorizing'
            : 'Approving'
        const history: SeedEnrollment['history'] = []
        let status: EnrollmentStatus = submittedStatus
        let invoicedAt: Date | null = null
        const withHistory = random.next() < 0.8
        if (withHistory) history.push({ at: createdAt, action: 'submitted', statusAfter: status })
        const steps: EnrollmentStatus[] = declined
          ? []
          : type === 'Lma'
            ? ['Approving', 'Approved']
            : ['Approved']
        let at = createdAt.getTime()
        for (const next of steps) {
          if (random.next() < (current ? 0.45 : 0.85)) {
            at = awayFromCutoff(at + random.int(1, 20) * DAY + random.int(0, 23) * 3600_000)
            if (at >= now) break
            status = next
            if (withHistory) {
              const action = next === 'Approved' ? 'approved' : 'authorized'
              history.push({ at: new Date(at), action, statusAfter: next })
            }
            if (next === 'Approved' && type === 'Lma') invoicedAt = new Date(at)
          } else break
        }
        enrollments.push({
          modifiedAt: new Date(Math.min(at, now)),
          guid: randomUUID(),
          year,
          brand,
          type,
          status,
          regionId: random.pick(options.regionIds),
          createdAt,
          lmaName: type === 'Lma' ? `Seed LMA ${brand} ${year} ${index}` : null,
          rows,
          history,
          invoicedAt,
          paidOn:
            invoicedAt && random.next() < 0.5
              ? new Date(Math.min(invoicedAt.getTime() + random.int(1, 40) * DAY, now))
                  .toISOString()
                  .slice(0, 10)
              : null,
          authorizationRequestedAt:
            status === 'Authorizing'
              ? new Date(Math.max(createdAt.getTime(), now - random.pick([2, 9, 16, 35]) * DAY))
              : null,
        })
      }
    }
  }
  return enrollments
}

/** Inserts the enrollments, their dealer rows, history and invoices as the product stores them. */
export async function insertProgramYears(
  db: Kysely<Database>,
  enrollments: readonly SeedEnrollment[],
): Promise<void> {
  for (const seed of enrollments) {
    const lma = seed.lmaName
      ? lmaRecord({ name: seed.lmaName, emailAddress: `${seed.guid.slice(0, 8)}@lma.example` })
      : null
    const row = await db
      .insertInto('enrollments')
      .values({
        guid: seed.guid,
        year: seed.year,
        brand: seed.brand,
        type: seed.type,
        status: seed.status,
        region_id: seed.regionId,
        lma: lma ? JSON.stringify(lma) : null,
        lma_name_key: lma ? lmaNameKey(lma.name) : null,
        created_at: seed.createdAt,
        modified_at: seed.modifiedAt,
        authorization_requested_at: seed.authorizationRequestedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const entry = dealerEntry()
    await db
      .insertInto('enrollment_dealers')
      .values(
        seed.rows.map((dealer, position) => ({
          ...blankDealerColumns(),
          ...(seed.type === 'Dealer'
            ? { auth_name: entry.authName, auth_email_address: `${dealer.bac}@dealer.example` }
            : {}),
          enrollment_id: row.id,
          position,
          brand: seed.brand,
          year: seed.year,
          bac: dealer.bac,
          bac_key: bacKey(dealer.bac),
          name: dealer.name,
          kit_size: dealer.kitSize,
          hispanic: dealer.hispanic,
          billing: dealer.billing,
        })),
      )
      .execute()
    for (const entry of seed.history) {
      await db
        .insertInto('enrollment_history')
        .values({
          enrollment_guid: seed.guid,
          year: seed.year,
          action: entry.action,
          actor: 'seed',
          at: entry.at,
          status_before: null,
          status_after: entry.statusAfter,
          changes: '[]',
        })
        .execute()
    }
    if (seed.invoicedAt) {
      const repositories = repositoriesOf(db)
      const stored = await repositories.enrollments.findByGuid(seed.guid)
      if (!stored) throw new Error('The seeded enrollment is missing')
      await db.transaction().execute(async (trx) => {
        await issueInvoice(
          repositories.invoices,
          trx,
          SEED_CONFIG,
          stored,
          'bill',
          seed.invoicedAt ?? undefined,
        )
      })
      await db
        .updateTable('invoices')
        .set({ issued_at: seed.invoicedAt, paid_on: seed.paidOn })
        .where('enrollment_guid', '=', seed.guid)
        .execute()
    }
  }
}
