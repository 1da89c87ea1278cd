import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { EnrollmentStatus, EnrollmentType } from '../../shared/domain/enrollment-choices.js'
import { DEALER_ENTRY_FIELDS, DEALER_FIELDS } from '../../shared/enrollment/dealer-entry-fields.js'
import type { DealerEntry, LmaRecord } from '../../shared/enrollment/enrollment.js'
import { SQL_DATE_TIME_FORMAT } from '../../shared/format/date-text.js'
import { enrollmentScopeSql } from '../db/enrollment-scope-sql.js'
import type { Database } from '../db/schema.js'

/** Where a page of enrollments ends: the sort key of its last enrollment. */
export interface EnrollmentCursor {
  year: number
  brand: string
  /** created_at as text, exact to the microsecond (a Date keeps milliseconds only). */
  createdKey: string
  id: string
}

/** An enrollment of the export, as the database writes it in JSON. */
export interface ExportEnrollment extends EnrollmentCursor {
  guid: string
  reference: string
  type: EnrollmentType
  status: EnrollmentStatus
  regionName: string | null
  /** created_at and modified_at in milliseconds since 1970, cut as a Date cuts them. */
  created: number
  modified: number
  lma: LmaRecord | null
  dealerCount: number
}

/**
 * The export's reads: enrollments page by page in report order, then their dealer rows. Each
 * read answers one row, the page as JSON text the database writes, which the server parses in
 * one `JSON.parse`: PGlite decodes each field of each row in JavaScript, on the server's thread,
 * which was a third of the export's time (docs/performance.md, "The Excel export").
 */
export function createEnrollmentExportRepository(db: Kysely<Database>) {
  return {
    /**
     * The next enrollments of the scope after the cursor: newest year first, then brand,
     * created, id; with their number of dealer rows, so a caller can keep its batches small. A
     * regional manager's scope is a filter on the same range of the export order index, read in
     * its order until the page is full.
     */
    async enrollmentsAfter(
      after: EnrollmentCursor | undefined,
      limit: number,
      scope: EnrollmentScope,
    ): Promise<ExportEnrollment[]> {
      let page = db
        .selectFrom('enrollments as e')
        .leftJoin('regions as r', 'r.id', 'e.region_id')
        .select((eb) => [
          sql<string>`e.id::text`.as('id'),
          sql<string>`e.created_at::text`.as('createdKey'),
          'e.guid',
          'e.reference',
          'e.year',
          'e.brand',
          'e.type',
          'e.status',
          'r.name as regionName',
          epochMilliseconds(sql.ref('e.created_at')).as('created'),
          epochMilliseconds(sql.ref('e.modified_at')).as('modified'),
          'e.lma',
          eb
            .selectFrom('enrollment_dealers as d')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('d.enrollment_id', '=', 'e.id')
            .as('dealerCount'),
        ])
        .where(enrollmentScopeSql(sql.ref('e.region_id'), scope))
      if (after) {
        // A row comparison on the sort key, the year negated for its descending order: a range
        // of the export order index (0005-export-order-index).
        page = page.where(
          sql<boolean>`(-e.year, e.brand, e.created_at, e.id) > (${-after.year}, ${after.brand},
            ${after.createdKey}::timestamptz, ${after.id}::bigint)`,
        )
      }
      // json_agg keeps the order of its sorted subquery (it is neither joined nor grouped).
      const sorted = page
        .orderBy(sql`-e.year`)
        .orderBy('e.brand')
        .orderBy('e.created_at')
        .orderBy('e.id')
        .limit(limit)
      const { list } = await db
        .selectFrom(sorted.as('page'))
        .select(sql<string>`coalesce(json_agg(page), '[]')::text`.as('list'))
        .executeTakeFirstOrThrow()
      return JSON.parse(list) as ExportEnrollment[]
    },

    /**
     * The dealer rows of these enrollments, by enrollment id, in position order; and their
     * internal notes, by guid, one a line: when, who, what. One statement for the batch: a
     * look-up of the notes for each enrollment of the page was half of the page's query.
     */
    async detailsOf(
      enrollments: readonly Pick<ExportEnrollment, 'id' | 'guid'>[],
    ): Promise<{ dealers: Map<string, DealerEntry[]>; notes: Map<string, string> }> {
      const dealers = new Map<string, DealerEntry[]>()
      if (enrollments.length === 0) return { dealers, notes: new Map() }
      const ids = enrollments.map((enrollment) => enrollment.id)
      const guids = enrollments.map((enrollment) => enrollment.guid)
      const dealerRows = db
        .selectFrom('enrollment_dealers')
        .select([sql<string>`enrollment_id::text`.as('e'), dealerEntrySql().as('dealer')])
        .where(sql<boolean>`enrollment_id = any(${ids}::bigint[])`)
        .orderBy('enrollment_id')
        .orderBy('position')
      const notes = db
        .selectFrom('enrollment_notes as n')
        .select([
          'n.enrollment_guid as guid',
          sql<string>`string_agg(to_char(n.at at time zone 'UTC', ${SQL_DATE_TIME_FORMAT}) || ' ' ||
            n.author || ': ' || n.text, E'\n' order by n.id)`.as('text'),
        ])
        .where(sql<boolean>`n.enrollment_guid = any(${guids}::uuid[])`)
        .groupBy('n.enrollment_guid')
      const row = await db
        .selectNoFrom((eb) => [
          eb
            .selectFrom(dealerRows.as('dealer_row'))
            .select(sql<string>`coalesce(json_agg(dealer_row), '[]')::text`.as('list'))
            .as('dealers'),
          eb
            .selectFrom(notes.as('note'))
            .select(
              sql<string>`coalesce(json_object_agg(note.guid, note.text), '{}')::text`.as('o'),
            )
            .as('notes'),
        ])
        .executeTakeFirstOrThrow()
      for (const { e, dealer } of JSON.parse(row.dealers ?? '[]') as DealerRowJson[]) {
        const list = dealers.get(e)
        if (list) list.push(dealer)
        else dealers.set(e, [dealer])
      }
      const notesByGuid = JSON.parse(row.notes ?? '{}') as Record<string, string>
      return { dealers, notes: new Map(Object.entries(notesByGuid)) }
    },

    /** The sales events of a year, every brand's, by brand, ship-by date and number. */
    async eventsOfYear(year: number): Promise<ExportEvent[]> {
      const rows = await db
        .selectFrom('sales_events')
        .select([sql<string>`id::text`.as('id'), 'brand', 'name'])
        .where('year', '=', year)
        .orderBy('brand')
        .orderBy('ship_by')
        .orderBy('number')
        .execute()
      return rows
    },

    /**
     * The shipments of these enrollments for these events, of the scope's regions, by shipped
     * date and tracking number.
     */
    async shipmentsOf(
      enrollmentGuids: readonly string[],
      eventIds: readonly string[],
      scope: EnrollmentScope,
    ): Promise<ExportShipment[]> {
      if (enrollmentGuids.length === 0 || eventIds.length === 0) return []
      return db
        .selectFrom('shipments')
        .select([
          sql<string>`event_id::text`.as('eventId'),
          sql<string>`enrollment_guid::text`.as('enrollmentGuid'),
          'bac_key as bacKey',
          sql<string>`to_char(shipped_on, 'YYYY-MM-DD')`.as('shippedOn'),
          'carrier',
          'tracking_number as trackingNumber',
        ])
        .where(sql<boolean>`enrollment_guid = any(${enrollmentGuids}::uuid[])`)
        .where(sql<boolean>`event_id = any(${eventIds}::bigint[])`)
        .where(enrollmentScopeSql(sql.ref('region_id'), scope))
        .orderBy('shipped_on')
        .orderBy('tracking_number')
        .execute()
    },
  }
}

/** A sales event whose shipments the export shows, in the order of its column groups. */
export interface ExportEvent {
  id: string
  brand: string
  name: string
}

/** One package of a dealer row for an event. */
export interface ExportShipment {
  eventId: string
  enrollmentGuid: string
  bacKey: string
  /** YYYY-MM-DD */
  shippedOn: string
  carrier: string
  trackingNumber: string
}

interface DealerRowJson {
  e: string
  dealer: DealerEntry
}

/** A timestamptz in milliseconds since 1970, the microseconds cut off as a Date cuts them. */
function epochMilliseconds(column: RawBuilder<unknown>) {
  return sql<number>`floor(extract(epoch from ${column}) * 1000)::bigint`
}

/** A dealer row as its DealerEntry: each field of DEALER_ENTRY_FIELDS from its column. */
function dealerEntrySql() {
  return sql<DealerEntry>`json_build_object(${sql.join(
    DEALER_FIELDS.map(
      (field) => sql`${sql.lit(field)}, ${sql.ref(DEALER_ENTRY_FIELDS[field].column)}`,
    ),
  )})`
}

export type EnrollmentExportRepository = ReturnType<typeof createEnrollmentExportRepository>
