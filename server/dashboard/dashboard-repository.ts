import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { EnrollmentStatus, EnrollmentType } from '../../shared/domain/enrollment-choices.js'
import { programToday } from '../../shared/invoice/invoice.js'
import { kitCostCentsSql } from '../db/enrollment-figures-sql.js'
import { enrollmentScopeSql, invoiceScopeSql } from '../db/enrollment-scope-sql.js'
import { KIT_FIGURES, type KitFigure } from '../db/kit-figures.js'
import type { Database } from '../db/schema.js'
import { shippingFigureSql, shippingRowsSql } from '../db/shipping-figures-sql.js'
import { waitingSinceSql } from '../db/waiting-authorization-sql.js'
import { type InvoiceState, invoiceStateSql } from '../invoice/invoice-state-sql.js'

export interface DashboardScope {
  year: number
  /** A brand key, or undefined for all brands. */
  brand: string | undefined
  /** The enrollments the signed-in user sees: every figure counts a regional manager's regions only. */
  enrollmentScope: EnrollmentScope
}

export interface ProgramStarts {
  current: Date | null
  previous: Date | null
}

/** Last year's enrollments count as they stood at `cutoff`; null: last year in full. */
export interface ComparedScope extends DashboardScope {
  cutoff: Date | null
}

/** The enrollments of a year that share a type, a status and a region, and what they hold. */
export interface EnrollmentGroup {
  year: number
  type: EnrollmentType
  status: EnrollmentStatus
  regionId: number | null
  enrollments: number
  /** Their dealer rows. */
  rows: number
  /** Their dealer rows that order each kit figure (billing not None). */
  ordering: Record<KitFigure, number>
  /** Cents: each one's invoice total once invoiced, else what its kits cost (see amountCentsSql). */
  amountCents: number
}

/** Cents: invoiced, and of that paid and overdue on the year's day. */
export interface InvoiceAmounts {
  invoiced: number
  paid: number
  overdue: number
}

/** A sales event of the year with its shipping figures (server/db/shipping-figures-sql.ts). */
export interface EventShipping {
  brand: string
  year: number
  number: number
  name: string
  /** YYYY-MM-DD */
  shipBy: string
  released: boolean
  toShip: number
  shipped: number
  late: number
}

const WEEK_SECONDS = 7 * 24 * 3600

/** The dashboard's SQL aggregates (docs/product.md#dashboard): a year and the year before it. */
export function createDashboardRepository(db: Kysely<Database>) {
  const brandIs = (column: RawBuilder<unknown>, brand: string | undefined) =>
    brand === undefined ? sql`true` : sql`${column} = ${brand}`

  /**
   * The enrollments of one year as they count: this year's as they are now; last year's
   * submitted by the cutoff, with the status their history gives at the cutoff (the current one
   * when the history has nothing that early, as for demo data and old rows).
   */
  const scoped = (
    year: number,
    brand: string | undefined,
    scope: EnrollmentScope,
    cutoff: Date | null,
  ) => sql`
    select e.type, e.region_id, e.dealer_rows,
      ${sql.join(KIT_FIGURES.map((figure) => sql.ref(`e.${figure.column}`)))},
      coalesce(i.grand_total_cents, ${kitCostCentsSql('e')}) as amount_cents,
      case when ${cutoff}::timestamptz is null or e.modified_at <= ${cutoff}::timestamptz then e.status
        else coalesce((
          select h.status_after from enrollment_history h
          where h.enrollment_guid = e.guid and h.at <= ${cutoff}::timestamptz
            and h.status_after in ('Approved', 'Approving', 'Authorizing', 'Declined')
          order by h.at desc, h.id desc limit 1), e.status)
      end as status
    from enrollments e left join invoices i on i.enrollment_guid = e.guid and i.voided_at is null
    where e.year = ${year} and ${brandIs(sql.ref('e.brand'), brand)}
      and ${enrollmentScopeSql(sql.ref('e.region_id'), scope)}
      and (${cutoff}::timestamptz is null or e.created_at <= ${cutoff}::timestamptz)`

  /**
   * One year's enrollments grouped, with the dealer-row counts the database keeps on each
   * enrollment (migration 0009), in a transaction of its own without PostgreSQL's JIT
   * compilation: the history look-ups make the planner's estimate cross the JIT threshold, and
   * compiling took longer than the query (docs/performance.md).
   */
  const yearGroups = async (
    year: number,
    brand: string | undefined,
    scope: EnrollmentScope,
    cutoff: Date | null,
  ): Promise<EnrollmentGroup[]> => {
    const { rows } = await db.transaction().execute(async (trx) => {
      await sql`select set_config('jit', 'off', true)`.execute(trx)
      return sql<Record<string, unknown>>`
        select s.type, s.status, s.region_id, count(*) as enrollments,
          sum(s.dealer_rows) as rows, sum(s.amount_cents) as amount_cents,
          ${sql.join(KIT_FIGURES.map((figure) => sql`sum(${sql.ref(`s.${figure.column}`)}) as ${sql.ref(figure.column)}`))}
        from (${scoped(year, brand, scope, cutoff)}) s
        group by s.type, s.status, s.region_id`.execute(trx)
    })
    return rows.map((row) => ({
      year,
      type: row.type as EnrollmentType,
      status: row.status as EnrollmentStatus,
      regionId: row.region_id === null ? null : Number(row.region_id),
      enrollments: Number(row.enrollments),
      rows: Number(row.rows),
      ordering: Object.fromEntries(
        KIT_FIGURES.map((figure) => [figure.key, Number(row[figure.column])]),
      ) as Record<KitFigure, number>,
      amountCents: Number(row.amount_cents),
    }))
  }

  return {
    /** The first submission of the year and of the year before, of the brand and the scope. */
    async programStarts(scope: DashboardScope): Promise<ProgramStarts> {
      // One min() per year: each is the first entry of enrollments_year_created_idx for its year
      // (of its brand and regions: the index is read in order until they match).
      const first = (year: number) => sql<Date | string | null>`(
        select min(created_at) from enrollments
        where year = ${year} and ${brandIs(sql.ref('brand'), scope.brand)}
          and ${enrollmentScopeSql(sql.ref('region_id'), scope.enrollmentScope)})`
      const { rows } = await sql<{ current: Date | string | null; previous: Date | string | null }>`
        select ${first(scope.year)} as current, ${first(scope.year - 1)} as previous`.execute(db)
      const date = (value: Date | string | null | undefined) =>
        value === null || value === undefined ? null : new Date(value)
      return { current: date(rows[0]?.current), previous: date(rows[0]?.previous) }
    },

    /**
     * This year's enrollments and last year's at the cutoff, grouped: two queries, each on a
     * connection of its own, so that the database groups the two years at once.
     */
    async enrollmentGroups(scope: ComparedScope): Promise<EnrollmentGroup[]> {
      const [current, previous] = await Promise.all([
        yearGroups(scope.year, scope.brand, scope.enrollmentScope, null),
        yearGroups(scope.year - 1, scope.brand, scope.enrollmentScope, scope.cutoff),
      ])
      return [...current, ...previous]
    },

    /**
     * The issued invoices' totals in cents per year (last year's issued by the cutoff), and of
     * them what was paid and what was overdue on each year's day: `today` for this year, the
     * cutoff's day for last year (`today` when there is none). Overdue: unpaid that day and
     * past its due date, the invoice date plus the payment terms (docs/product.md#office-workflow).
     */
    async invoiceAmounts(
      scope: ComparedScope,
      today: string,
    ): Promise<{ current: InvoiceAmounts; previous: InvoiceAmounts }> {
      const cutoffDay = scope.cutoff ? programToday(scope.cutoff) : today
      const amount = (state: InvoiceState) =>
        sql`coalesce(sum(i.grand_total_cents) filter (where ${invoiceStateSql('i', state, sql.ref('i.day'))}), 0)`
      const { rows } = await sql<Record<'year' | 'invoiced' | 'paid' | 'overdue', string | number>>`
        select invoice_year as year, ${amount('issued')} as invoiced, ${amount('paid')} as paid,
          ${amount('overdue')} as overdue
        from (
          -- voided_at: the rows below are those live on their day (the filter's last condition).
          select id, invoice_year, grand_total_cents, paid_on, paid_cents, invoice_date, null::timestamptz as voided_at,
            case when invoice_year = ${scope.year} then ${today}::date else ${cutoffDay}::date end as day
          from invoices
          where invoice_year in (${scope.year}, ${scope.year - 1})
            and ${brandIs(sql.ref('brand'), scope.brand)}
            and ${invoiceScopeSql(sql.ref('invoices.enrollment_guid'), scope.enrollmentScope)}
            and (invoice_year = ${scope.year} or ${scope.cutoff}::timestamptz is null
              or issued_at <= ${scope.cutoff}::timestamptz)
            -- A void invoice is never counted (docs/product.md#invoices); last year's, as it
            -- stood at the cutoff.
            and (voided_at is null or (invoice_year <> ${scope.year}
              and ${scope.cutoff}::timestamptz is not null and voided_at > ${scope.cutoff}::timestamptz))) i
        group by invoice_year`.execute(db)
      const of = (year: number): InvoiceAmounts => {
        const row = rows.find((each) => Number(each.year) === year)
        return {
          invoiced: Number(row?.invoiced ?? 0),
          paid: Number(row?.paid ?? 0),
          overdue: Number(row?.overdue ?? 0),
        }
      }
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
          and ${enrollmentScopeSql(sql.ref('region_id'), scope.enrollmentScope)}
        group by 1, 2`.execute(db)
      return rows.map((row) => ({
        year: Number(row.year),
        week: Number(row.week),
        count: Number(row.count),
      }))
    },

    /**
     * Every sales event of the year (and brand), by brand and ship-by date, with its dealers to
     * ship, shipped, and not shipped past the ship-by date on `today` (the program's), of the
     * scope's regions: the one definition the list's `shipping` filter keeps.
     */
    async eventShipping(scope: DashboardScope, today: string): Promise<EventShipping[]> {
      const rows = shippingRowsSql({
        scope: scope.enrollmentScope,
        year: scope.year,
        brand: scope.brand,
      })
      const counted = (figure: 'to-ship' | 'shipped' | 'late') =>
        sql`count(*) filter (where ${shippingFigureSql('s', figure, today)})::int`
      const result = await sql<EventShipping>`
        select ev.brand, ev.year, ev.number, ev.name,
          to_char(ev.ship_by, 'YYYY-MM-DD') as "shipBy",
          exists (select 1 from manifest_releases mr where mr.event_id = ev.id) as released,
          coalesce(f.to_ship, 0) as "toShip", coalesce(f.shipped, 0) as shipped,
          coalesce(f.late, 0) as late
        from sales_events ev
        left join (
          select s.event_id, ${counted('to-ship')} as to_ship, ${counted('shipped')} as shipped,
            ${counted('late')} as late
          from (${rows}) s
          group by s.event_id) f on f.event_id = ev.id
        where ev.year = ${scope.year} and ${brandIs(sql.ref('ev.brand'), scope.brand)}
        order by ev.brand, ev.ship_by, ev.number`.execute(db)
      return result.rows.map((row) => ({
        ...row,
        year: Number(row.year),
        number: Number(row.number),
        toShip: Number(row.toShip),
        shipped: Number(row.shipped),
        late: Number(row.late),
      }))
    },

    /** LMA enrollments of the year still Authorizing at `now`, waiting longer than each number of days. */
    async waitingAuthorizations(
      scope: DashboardScope,
      days: readonly number[],
      now: Date,
    ): Promise<Array<{ days: number; count: number }>> {
      const counts = days.map(
        (day) => sql`count(*) filter (where ${waitingSinceSql('e', day, now)})`,
      )
      const { rows } = await sql<Record<string, string>>`
        select ${sql.join(counts.map((counted, index) => sql`${counted} as ${sql.ref(`d${index}`)}`))}
        from enrollments e
        where e.status = 'Authorizing' and e.type = 'Lma' and e.year = ${scope.year}
          and ${brandIs(sql.ref('e.brand'), scope.brand)}
          and ${enrollmentScopeSql(sql.ref('e.region_id'), scope.enrollmentScope)}`.execute(db)
      return days.map((day, index) => ({ days: day, count: Number(rows[0]?.[`d${index}`] ?? 0) }))
    },
  }
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>
