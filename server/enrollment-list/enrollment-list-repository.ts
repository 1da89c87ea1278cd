import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { EnrollmentStatus, EnrollmentType } from '../../shared/domain/enrollment-choices.js'
import { referenceSearchPrefix } from '../../shared/domain/enrollment-reference.js'
import type { EnrollmentListItem } from '../../shared/enrollment/enrollment.js'
import {
  type InvoiceFilter,
  parseShippingFilter,
  type ShippingFilter,
} from '../../shared/enrollment/list-figure-filters.js'
import type { AttentionFilter } from '../../shared/office/office-limits.js'
import { amountCentsSql, coveredDealersSql, orderedKitsSql } from '../db/enrollment-figures-sql.js'
import { enrollmentScopeSql, regionsInScopeSql } from '../db/enrollment-scope-sql.js'
import { escapeLike } from '../db/escape-like.js'
import type { Database } from '../db/schema.js'
import { shippingFigureSql, shippingRowsSql } from '../db/shipping-figures-sql.js'
import { waitingSinceSql } from '../db/waiting-authorization-sql.js'
import type { JsonText } from '../http/openapi-schemas.js'
import { invoiceStateSql } from '../invoice/invoice-state-sql.js'
import { mailFailedSql } from '../mail/mail-state-sql.js'

export interface EnrollmentListFilters {
  /** The enrollments the signed-in user sees: a regional manager's regions only. */
  scope: EnrollmentScope
  year?: number
  status?: EnrollmentStatus
  type?: EnrollmentType
  /** A brand key, lower case. */
  brand?: string
  /**
   * Trimmed; matches BACs, dealer and LMA names, emails and zip codes (contains, any case), and
   * the start of the reference (4+ digits, dashes or not: shared/domain/enrollment-reference.ts).
   */
  search?: string
  /** Only enrollments with a failed mail, or with an invoice unpaid past its due date. */
  attention?: AttentionFilter
  /** Only enrollments whose invoice is issued, paid, or unpaid and not yet due (the dashboard's money). */
  invoice?: InvoiceFilter
  /** Only LMA enrollments still Authorizing whose authorization was requested more than this many days ago. */
  waiting?: number
  /**
   * Only enrollments with dealers in a sales event's shipping figure (the dashboard's); each
   * row's `dealers` are then its dealers in the figure, so the list's dealers are the figure:
   * `CHEVY-2026-2:shipped` (shared/enrollment/list-figure-filters.ts), as the query checked it.
   */
  shipping?: string
}

/** A cursor of the list's changes, as read by `parseListCursor`. */
export interface ListCursor {
  /** When it was read, in milliseconds since the epoch (the database's clock). */
  at: number
  /** The snapshot the list was read in, as `pg_snapshot` text. */
  snapshot: string
}

/** The moment the list is read at: the program's today and the waiting times count from it. */
export interface ListClock {
  /** YYYY-MM-DD (shared/invoice/invoice.ts, programToday). */
  today: string
  now: Date
}

/** The admin list (docs/product.md#enrollment-list), newest change first. */
export function createEnrollmentListRepository(db: Kysely<Database>) {
  return {
    /**
     * The list as JSON text, written by the database: a year is 10,000 rows, and turning each
     * into a JavaScript object (PGlite decodes every field in JavaScript), then into JSON
     * again, was most of the call's time (docs/performance.md). The export asks for each row's
     * reference too; the screen does not show it, and a year is some 80 kB of gzip smaller
     * without it.
     */
    async find(
      filters: EnrollmentListFilters,
      clock: ListClock,
      { withReferences = false } = {},
    ): Promise<JsonText<EnrollmentListItem[]>> {
      const { list } = await db
        .selectFrom(listItems(db, filters, clock, withReferences).as('item'))
        .select(sql<string>`coalesce(json_agg(item), '[]')::text`.as('list'))
        .executeTakeFirstOrThrow()
      return list
    },

    /**
     * The list as `find` writes it, with the cursor of its changes: the snapshot the list was
     * read in (one statement, so one snapshot), which `changesSince` answers the changes after.
     */
    async findWithCursor(
      filters: EnrollmentListFilters,
      clock: ListClock,
    ): Promise<{ list: JsonText<EnrollmentListItem[]>; cursor: string }> {
      const { list, snapshot, at } = await db
        .selectFrom(listItems(db, filters, clock, false).as('item'))
        .select([
          sql<string>`coalesce(json_agg(item), '[]')::text`.as('list'),
          sql<string>`pg_current_snapshot()::text`.as('snapshot'),
          sql<string>`(extract(epoch from now()) * 1000)::bigint::text`.as('at'),
        ])
        .executeTakeFirstOrThrow()
      return { list, cursor: `${at}_${snapshot}` }
    },

    /**
     * What changed in the list since `cursor` (a cursor of findWithCursor or of an earlier call),
     * in one statement: the list items of the enrollments written by a transaction the cursor's
     * snapshot does not see (so one that commits after the cursor was read, however early it
     * began), and, of those, the guids the list no longer shows (deleted, or out of the filters
     * or the scope) among the ones the asker could have seen: a regional manager is told only of
     * an enrollment that was in their regions before or after a write. Answers the new cursor.
     */
    async changesSince(
      filters: EnrollmentListFilters,
      clock: ListClock,
      cursor: ListCursor,
    ): Promise<{ changed: JsonText<EnrollmentListItem[]>; removed: string[]; cursor: string }> {
      const since = sql`${cursor.snapshot}::pg_snapshot`
      const ofYear = filters.year === undefined ? sql`true` : sql`c.year = ${filters.year}`
      const items = listItems(db, filters, clock, false).where(
        sql<boolean>`e.guid in (select guid from changed)`,
      )
      const { rows } = await sql<{
        changed: string
        removed: string[] | null
        snapshot: string
        at: string
      }>`
        with changed as materialized (
          select c.enrollment_guid as guid,
            bool_or(${regionsInScopeSql(sql.ref('c.regions'), filters.scope)}) as seen
          from enrollment_list_changes c
          where ${ofYear}
            and c.xid >= pg_snapshot_xmin(${since})
            and not pg_visible_in_snapshot(c.xid, ${since})
          group by c.enrollment_guid
        ), item as materialized (${items})
        select
          (select coalesce(json_agg(item), '[]')::text from item) as changed,
          (select array_agg(changed.guid::text order by changed.guid) from changed
            where changed.seen and changed.guid not in (select guid from item)) as removed,
          pg_current_snapshot()::text as snapshot,
          (extract(epoch from now()) * 1000)::bigint::text as at`.execute(db)
      const row = rows[0]
      if (!row) throw new Error('The changes query answered no row.')
      return {
        changed: row.changed,
        removed: row.removed ?? [],
        cursor: `${row.at}_${row.snapshot}`,
      }
    },

    /**
     * Whether `cursor` can be answered with changes: its snapshot is of this database (not
     * ahead of it) and was read in the time the changes are kept for.
     */
    async cursorAnswerable(cursor: ListCursor, keptMs: number): Promise<boolean> {
      const { rows } = await sql<{ answerable: boolean }>`
        select (
          pg_snapshot_xmax(${cursor.snapshot}::pg_snapshot)
            <= pg_snapshot_xmax(pg_current_snapshot())
          and ${cursor.at} > (extract(epoch from now()) * 1000)::bigint - ${keptMs}
        ) as answerable`.execute(db)
      return rows[0]?.answerable === true
    },

    /** Forgets the changes older than `keptMs` that no running transaction can still commit. */
    async purgeChanges(olderThanMs: number): Promise<number> {
      const result = await db
        .deleteFrom('enrollment_list_changes')
        .where('at', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
        .where(sql<boolean>`xid < pg_snapshot_xmin(pg_current_snapshot())`)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    /**
     * The state of every row the list of a year reads (all years: `year` undefined), for its
     * entity tag (enrollment-list-etag.ts): per table, its row count and the sum of a 64-bit
     * hash of each row's id and `xmin`, the transaction that wrote its current version. The sum
     * needs no sort and changes with any row's version (a full scan of the year, 15 to 20 ms for
     * 10,000 enrollments on PGlite, against about 100 ms for the list). The invoices: a row's
     * amount is its invoice's total once it has one.
     */
    async rowVersions(
      year: number | undefined,
    ): Promise<{ enrollments: string; dealers: string; invoices: string } | undefined> {
      const ofYear = year === undefined ? sql`true` : sql`year = ${year}`
      const ofInvoiceYear = year === undefined ? sql`true` : sql`invoice_year = ${year}`
      const { rows } = await sql<{ enrollments: string; dealers: string; invoices: string }>`
        select
          (select count(*) || ':' || coalesce(sum(hashint8extended(id, xmin::text::bigint)), 0)
             from enrollments where ${ofYear}) as enrollments,
          (select count(*) || ':' || coalesce(sum(hashint8extended(id, xmin::text::bigint)), 0)
             from enrollment_dealers where ${ofYear}) as dealers,
          (select count(*) || ':' || coalesce(sum(hashint8extended(id, xmin::text::bigint)), 0)
             from invoices where ${ofInvoiceYear}) as invoices`.execute(db)
      return rows[0]
    },
  }
}

/** The list's rows as the list reads them, newest change first (see `find`). */
function listItems(
  db: Kysely<Database>,
  filters: EnrollmentListFilters,
  clock: ListClock,
  withReferences: boolean,
) {
  const shipping =
    filters.shipping === undefined ? undefined : parseShippingFilter(filters.shipping)
  let query = db
    .selectFrom('enrollments as e')
    .leftJoin('enrollment_dealers as first', (join) =>
      join.onRef('first.enrollment_id', '=', 'e.id').on('first.position', '=', 0),
    )
    // Its live invoice: a void one is never counted (docs/product.md#invoices).
    .leftJoin('invoices as i', (join) =>
      join.onRef('i.enrollment_guid', '=', 'e.guid').on('i.voided_at', 'is', null),
    )
    // A shipping figure's dealers by enrollment: the inner join keeps the enrollments with some.
    .$if(shipping !== undefined, (qb) =>
      shipping
        ? qb.innerJoin(shippingDealersSql(filters.scope, shipping, clock.today), (join) =>
            join.onRef('shipping.enrollment_guid', '=', 'e.guid'),
          )
        : // A filter that names no figure (the query refuses one) keeps nothing.
          qb.where(sql<boolean>`false`),
    )
    // The wire values: the timestamps as ISO text, BAC and name chosen by the type.
    .select([
      'e.guid',
      'e.year',
      'e.brand',
      'e.type',
      'e.status',
      sql<string>`case when e.type = 'Dealer' then coalesce(first.bac, '') else '' end`.as('bac'),
      sql<string>`coalesce(nullif(e.lma->>'name', ''), first.name, '')`.as('name'),
      isoTimestamp(sql.ref('e.created_at')).as('created'),
      isoTimestamp(sql.ref('e.modified_at')).as('modified'),
      sql<boolean>`e.erased_at is not null`.as('erased'),
      orderedKitsSql('e').as('kits'),
      (shipping ? sql<number>`shipping.dealers` : coveredDealersSql('e')).as('dealers'),
      sql<number>`(${amountCentsSql('e', 'i')} / 100.0)::float8`.as('amount'),
    ])
    .$if(withReferences, (qb) => qb.select('e.reference'))
    .where(enrollmentScopeSql(sql.ref('e.region_id'), filters.scope))
  if (filters.year !== undefined) query = query.where('e.year', '=', filters.year)
  if (filters.status) query = query.where('e.status', '=', filters.status)
  if (filters.type) query = query.where('e.type', '=', filters.type)
  if (filters.attention === 'failed-mail') {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('outbox as o')
          .select(sql`1`.as('one'))
          .whereRef('o.enrollment_guid', '=', 'e.guid')
          .where(mailFailedSql('o')),
      ),
    )
  }
  if (filters.attention === 'overdue-invoice') {
    query = query.where(invoiceStateSql('i', 'overdue', clock.today))
  }
  if (filters.invoice) query = query.where(invoiceStateSql('i', filters.invoice, clock.today))
  if (filters.waiting !== undefined) {
    query = query.where(waitingSinceSql('e', filters.waiting, clock.now))
  }
  if (filters.brand) query = query.where('e.brand', '=', filters.brand)
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search)}%`
    const referencePrefix = referenceSearchPrefix(filters.search)
    // Matches the LMA's fields or any dealer row's, or the start of the reference. An IN
    // over a UNION, not an OR with EXISTS, so each side is a bitmap scan of its trigram
    // index (0004-search-indexes) or of the reference's prefix index (0011).
    query = query.where('e.id', 'in', (eb) => {
      const byFields = eb
        .selectFrom('enrollments as l')
        .select('l.id')
        .where((inner) =>
          inner.or([
            inner(sql<string>`l.lma->>'name'`, 'ilike', pattern),
            inner(sql<string>`l.lma->>'emailAddress'`, 'ilike', pattern),
            inner(sql<string>`l.lma->>'authEmailAddress'`, 'ilike', pattern),
            inner(sql<string>`l.lma->>'postal'`, 'ilike', pattern),
          ]),
        )
        .union(
          eb
            .selectFrom('enrollment_dealers as d')
            .select('d.enrollment_id as id')
            .where((inner) =>
              inner.or([
                inner('d.bac', 'ilike', pattern),
                inner('d.name', 'ilike', pattern),
                inner('d.auth_email_address', 'ilike', pattern),
                inner('d.postal', 'ilike', pattern),
              ]),
            ),
        )
      if (referencePrefix === null) return byFields
      return byFields.union(
        eb
          .selectFrom('enrollments as r')
          .select('r.id')
          .where(referenceDigitsSql(sql.ref('r.reference')), 'like', `${referencePrefix}%`),
      )
    })
  }
  // json_agg keeps the order of its sorted subquery (it is neither joined nor grouped).
  return query.orderBy('e.modified_at', 'desc').orderBy('e.id', 'desc')
}

export type EnrollmentListRepository = ReturnType<typeof createEnrollmentListRepository>

/**
 * The dealers of each enrollment in a sales event's shipping figure
 * (server/db/shipping-figures-sql.ts, the dashboard's one definition), as `shipping`.
 */
function shippingDealersSql(scope: EnrollmentScope, shipping: ShippingFilter, today: string) {
  return sql<{ enrollment_guid: string; dealers: number }>`(
    select s.enrollment_guid, count(*)::int as dealers
    from (${shippingRowsSql({ scope, code: shipping.code })}) s
    where ${shippingFigureSql('s', shipping.figure, today)}
    group by s.enrollment_guid)`.as('shipping')
}

/** A reference without its dashes, as the prefix index of 0011 holds it. */
function referenceDigitsSql(reference: RawBuilder<unknown>) {
  return sql<string>`replace(${reference}, '-', '')`
}

/** A timestamptz as `Date.prototype.toISOString` writes it: UTC, milliseconds, `Z`. */
function isoTimestamp(column: RawBuilder<unknown>) {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
}
