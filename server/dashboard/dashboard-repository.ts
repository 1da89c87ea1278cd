import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { EnrollmentStatus, EnrollmentType } from '../../shared/enrollment/enrollment.js'
import type { Database } from '../db/schema.js'

export interface DashboardScope {
  year: number
  /** A brand key, or undefined for all brands. */
  brand: string | undefined
}

export interface ProgramStarts {
  current: Date | null
  previous: Date | null
}

/** Last year's enrollments count as they stood at `cutoff`; null: last year in full. */
export interface ComparedScope extends DashboardScope {
  cutoff: Date | null
}

/** One group of dealer rows (or an enrollment without rows): counts per year, type, status, region, kit. */
export interface DealerRowGroup {
  year: number
  type: EnrollmentType
  status: EnrollmentStatus
  regionId: number | null
  kitSize: string | null
  hispanic: string | null
  billing: string | null
  /** Dealer rows in the group. */
  rows: number
  /** Enrollments whose first row (or only row) is in the group: adds up to the enrollments. */
  enrollments: number
}

const WEEK_SECONDS = 7 * 24 * 3600

/** The dashboard's SQL aggregates (docs/product.md#dashboard): a year and the year before it. */
export function createDashboardRepository(db: Kysely<Database>) {
  const brandIs = (column: RawBuilder<unknown>, brand: string | undefined) =>
    brand === undefined ? sql`true` : sql`${column} = ${brand}`

  /**
   * The enrollments of both years as they count: this year's as they are now, last year's
   * submitted by the cutoff with the status their history gives at the cutoff (the current one
   * when the history has nothing that early, as for demo data and old rows).
   */
  const scoped = (scope: ComparedScope) => sql`
    select e.id, e.year, e.type, e.region_id,
      case when e.year = ${scope.year} or ${scope.cutoff}::timestamptz is null
          or e.modified_at <= ${scope.cutoff}::timestamptz then e.status
        else coalesce((
          select h.status_after from enrollment_history h
          where h.enrollment_guid = e.guid and h.at <= ${scope.cutoff}::timestamptz
            and h.status_after in ('Approved', 'Approving', 'Authorizing', 'Declined')
          order by h.at desc, h.id desc limit 1), e.status)
      end as status
    from enrollments e
    where e.year in (${scope.year}, ${scope.year - 1}) and ${brandIs(sql.ref('e.brand'), scope.brand)}
      and (e.year = ${scope.year} or ${scope.cutoff}::timestamptz is null
        or e.created_at <= ${scope.cutoff}::timestamptz)`

  return {
    /** The first submission of the year and of the year before. */
    async programStarts(scope: DashboardScope): Promise<ProgramStarts> {
      const { rows } = await sql<{ year: number; first: Date | string }>`
        select year, min(created_at) as first from enrollments
        where year in (${scope.year}, ${scope.year - 1}) and ${brandIs(sql.ref('brand'), scope.brand)}
        group by year`.execute(db)
      const first = (year: number) => {
        const found = rows.find((row) => Number(row.year) === year)
        return found ? new Date(found.first) : null
      }
      return { current: first(scope.year), previous: first(scope.year - 1) }
    },

    /**
     * Runs in a transaction of its own without PostgreSQL's JIT compilation (the history
     * look-ups make the planner's estimate cross the JIT threshold, and compiling took 0.8 s of
     * a query that runs in tens of milliseconds) and with room to group two years of dealer
     * rows in memory rather than sort them on disk (docs/performance.md).
     */
    async dealerRowGroups(scope: ComparedScope): Promise<DealerRowGroup[]> {
      const { rows } = await db.transaction().execute(async (trx) => {
        await sql`set local jit = off`.execute(trx)
        await sql`set local work_mem = '32MB'`.execute(trx)
        return sql<Record<string, unknown>>`
        with scoped as materialized (${scoped(scope)})
        select s.year, s.type, s.status, s.region_id, d.kit_size, d.hispanic, d.billing,
          count(d.id) as rows,
          count(*) filter (where d.position = 0 or d.id is null) as enrollments
        from scoped s left join enrollment_dealers d
          on d.enrollment_id = s.id and d.year in (${scope.year}, ${scope.year - 1})
        group by s.year, s.type, s.status, s.region_id, d.kit_size, d.hispanic, d.billing`.execute(
          trx,
        )
      })
      return rows.map((row) => ({
        year: Number(row.year),
        type: row.type as EnrollmentType,
        status: row.status as EnrollmentStatus,
        regionId: row.region_id === null ? null : Number(row.region_id),
        kitSize: row.kit_size as string | null,
        hispanic: row.hispanic as string | null,
        billing: row.billing as string | null,
        rows: Number(row.rows),
        enrollments: Number(row.enrollments),
      }))
    },

    /** Sum of the issued invoices' totals, in cents, per year; last year's issued by the cutoff. */
    async invoicedCents(scope: ComparedScope): Promise<{ current: number; previous: number }> {
      const { rows } = await sql<{ year: number; cents: string | number }>`
        select invoice_year as year, coalesce(sum(grand_total_cents), 0) as cents from invoices
        where invoice_year in (${scope.year}, ${scope.year - 1})
          and ${brandIs(sql.ref('brand'), scope.brand)}
          and (invoice_year = ${scope.year} or ${scope.cutoff}::timestamptz is null
            or issued_at <= ${scope.cutoff}::timestamptz)
        group by invoice_year`.execute(db)
      const of = (year: number) => Number(rows.find((row) => Number(row.year) === year)?.cents ?? 0)
      return { current: of(scope.year), previous: of(scope.year - 1) }
    },

    /** Submissions per week of each year's program (week 1 starts at its first submission). */
    async weeklySubmissions(
      scope: DashboardScope,
      starts: ProgramStarts,
    ): Promise<Array<{ year: number; week: number; count: number }>> {
      const { rows } = await sql<{ year: number; week: number; count: string }>`
        select year, floor(date_part('epoch', created_at - case when year = ${scope.year}
            then ${starts.current}::timestamptz else ${starts.previous}::timestamptz end) / ${WEEK_SECONDS})::int + 1 as week,
          count(*) as count
        from enrollments
        where year in (${scope.year}, ${scope.year - 1}) and ${brandIs(sql.ref('brand'), scope.brand)}
        group by 1, 2`.execute(db)
      return rows.map((row) => ({
        year: Number(row.year),
        week: Number(row.week),
        count: Number(row.count),
      }))
    },

    /** LMA enrollments of the year still Authorizing, waiting longer than each number of days. */
    async waitingAuthorizations(
      scope: DashboardScope,
      days: readonly number[],
    ): Promise<Array<{ days: number; count: number }>> {
      const counts = days.map(
        (day) =>
          sql`count(*) filter (where authorization_requested_at <= now() - ${`${day} days`}::interval)`,
      )
      const { rows } = await sql<Record<string, string>>`
        select ${sql.join(counts.map((counted, index) => sql`${counted} as ${sql.ref(`d${index}`)}`))}
        from enrollments
        where status = 'Authorizing' and type = 'Lma' and year = ${scope.year}
          and ${brandIs(sql.ref('brand'), scope.brand)}`.execute(db)
      return days.map((day, index) => ({ days: day, count: Number(rows[0]?.[`d${index}`] ?? 0) }))
    },
  }
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>
