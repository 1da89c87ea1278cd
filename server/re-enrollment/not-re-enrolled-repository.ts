import { type Kysely, sql } from 'kysely'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { EnrollmentType } from '../../shared/domain/enrollment-choices.js'
import type { LmaRecord } from '../../shared/enrollment/enrollment.js'
import { lmaNameKey } from '../../shared/enrollment/lma-name-key.js'
import {
  INVITATION_ACTION,
  type NotReEnrolled,
} from '../../shared/re-enrollment/not-re-enrolled-schema.js'
import { enrollmentScopeSql } from '../db/enrollment-scope-sql.js'
import type { Database } from '../db/schema.js'

export interface NotReEnrolledFilters {
  /** The enrollments the signed-in user sees: a regional manager's regions only. */
  scope: EnrollmentScope
  /** The year they have not enrolled in; their approvals are of the year before. */
  year: number
  brand?: string | undefined
  regionId?: number | undefined
  type?: EnrollmentType | undefined
  /** Only these enrollments of last year (the invitations). */
  guids?: readonly string[]
}

interface Row {
  guid: string
  reference: string
  type: EnrollmentType
  brand: string
  region_id: number | null
  lma: LmaRecord | string | null
  bac: string
  name: string
  city: string
  state: string
  auth_name: string
  auth_email_address: string
  auth_phone_number: string
  dealers: string | number
  large: string | number
  small: string | number
  with_hispanic: string | number
  hispanic_only: string | number
  invited_at: Date | string | null
  invitations: string | number
}

/**
 * Last year's approved dealers (by BAC and brand) and LMAs (by name and brand) with no
 * enrollment this year (docs/product.md#not-yet-re-enrolled). A dealer who enrolled in an LMA's
 * list counts as enrolled; so does an LMA that enrolled under a new name giving the old one.
 */
export function createNotReEnrolledRepository(db: Kysely<Database>) {
  return {
    async find(
      filters: NotReEnrolledFilters,
      executor: Kysely<Database> = db,
    ): Promise<NotReEnrolled[]> {
      const { year } = filters
      const conditions = [
        sql`e.year = ${year - 1}`,
        sql`e.status = 'Approved'`,
        enrollmentScopeSql(sql.ref('e.region_id'), filters.scope),
        sql`(case when e.type = 'Lma'
          then not exists (select 1 from enrollments n
            where n.year = ${year} and n.brand = e.brand and n.lma_name_key = e.lma_name_key)
          else not exists (select 1 from enrollment_dealers n
            where n.year = ${year} and n.brand = e.brand and n.bac_key = first.bac_key) end)`,
      ]
      if (filters.brand) conditions.push(sql`e.brand = ${filters.brand}`)
      if (filters.regionId !== undefined) conditions.push(sql`e.region_id = ${filters.regionId}`)
      if (filters.type) conditions.push(sql`e.type = ${filters.type}`)
      if (filters.guids) {
        if (filters.guids.length === 0) return []
        conditions.push(sql`e.guid in (${sql.join(filters.guids)})`)
      }
      const { rows } = await sql<Row>`
        select e.guid, e.reference, e.type, e.brand, e.region_id, e.lma,
          first.bac, first.name, first.city, first.state,
          first.auth_name, first.auth_email_address, first.auth_phone_number,
          kits.dealers, kits.large, kits.small, kits.with_hispanic, kits.hispanic_only,
          invited.at as invited_at, invited.count as invitations
        from enrollments e
        join enrollment_dealers first on first.enrollment_id = e.id and first.position = 0
        cross join lateral (
          select count(*) as dealers,
            count(*) filter (where d.kit_size = 'Large') as large,
            count(*) filter (where d.kit_size = 'Small') as small,
            count(*) filter (where d.hispanic = 'Yes') as with_hispanic,
            count(*) filter (where d.hispanic = 'Only') as hispanic_only
          from enrollment_dealers d where d.enrollment_id = e.id) kits
        cross join lateral (
          select max(h.at) as at, count(*) as count from enrollment_history h
          where h.enrollment_guid = e.guid and h.action = ${INVITATION_ACTION}) invited
        where ${sql.join(conditions, sql` and `)}
        order by e.brand, e.type desc, coalesce(e.lma->>'name', first.name), e.id`.execute(executor)
      const renamed = await renamedLmaKeys(executor, year)
      return rows
        .map(toItem)
        .filter(
          (item) =>
            !(item.type === 'Lma' && renamed.has(`${item.brand}\n${lmaNameKey(item.name)}`)),
        )
    },

    /** Which of these enrollments (any year, any status) are in the scope. */
    async inScope(guids: readonly string[], scope: EnrollmentScope): Promise<Set<string>> {
      if (guids.length === 0) return new Set()
      const rows = await db
        .selectFrom('enrollments as e')
        .select('e.guid')
        .where('e.guid', 'in', guids)
        .where(enrollmentScopeSql(sql.ref('e.region_id'), scope))
        .execute()
      return new Set(rows.map((row) => row.guid))
    },

    /** Whether an invitation to this enrollment went out in the last `hours`. */
    async invitedWithin(executor: Kysely<Database>, guid: string, hours: number): Promise<boolean> {
      const row = await executor
        .selectFrom('enrollment_history')
        .select('id')
        .where('enrollment_guid', '=', guid)
        .where('action', '=', INVITATION_ACTION)
        .where('at', '>', sql<Date>`now() - ${`${hours} hours`}::interval`)
        .executeTakeFirst()
      return row !== undefined
    },
  }
}

export type NotReEnrolledRepository = ReturnType<typeof createNotReEnrolledRepository>

/** brand + name key of every LMA name this year's renamed LMAs give as their previous one. */
async function renamedLmaKeys(executor: Kysely<Database>, year: number): Promise<Set<string>> {
  const { rows } = await sql<{ brand: string; previous: string }>`
    select brand, lma->>'previousName' as previous from enrollments
    where year = ${year} and type = 'Lma' and (lma->>'nameChanged')::boolean
      and coalesce(lma->>'previousName', '') <> ''`.execute(executor)
  return new Set(rows.map((row) => `${row.brand}\n${lmaNameKey(row.previous)}`))
}

function toItem(row: Row): NotReEnrolled {
  const lma = typeof row.lma === 'string' ? (JSON.parse(row.lma) as LmaRecord) : row.lma
  const contact =
    row.type === 'Lma' && lma
      ? { contactName: lma.contact, contactEmail: lma.emailAddress, contactPhone: lma.phoneNumber }
      : {
          contactName: row.auth_name,
          contactEmail: row.auth_email_address,
          contactPhone: row.auth_phone_number,
        }
  return {
    guid: row.guid,
    reference: row.reference,
    type: row.type,
    brand: row.brand,
    bac: row.type === 'Dealer' ? row.bac : '',
    name: (row.type === 'Lma' && lma?.name) || row.name,
    regionId: row.region_id === null ? null : Number(row.region_id),
    city: (row.type === 'Lma' && lma?.city) || row.city,
    state: (row.type === 'Lma' && lma?.state) || row.state,
    ...contact,
    kits: {
      dealers: Number(row.dealers),
      large: Number(row.large),
      small: Number(row.small),
      withHispanic: Number(row.with_hispanic),
      hispanicOnly: Number(row.hispanic_only),
    },
    invitedAt: row.invited_at === null ? null : new Date(row.invited_at).toISOString(),
    invitations: Number(row.invitations),
  }
}
