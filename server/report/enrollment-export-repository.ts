import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import { DEALER_ENTRY_FIELDS, DEALER_FIELDS } from '../../shared/enrollment/dealer-entry-fields.js'
import type {
  DealerEntry,
  EnrollmentStatus,
  EnrollmentType,
  LmaRecord,
} from '../../shared/enrollment/enrollment.js'
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
  /** The internal notes, one a line: when, who, what. */
  notes: string | null
}

/**
 * The export's reads: enrollments page by page in report order, then their dealer rows. Each
 * read answers one row, the page as JSON text the database writes, which the server parses in
 * one `JSON.parse`: PGlite decodes each field of each row in JavaScript, on the server's thread,
 * which was a third of the export's time (docs/performance.md, "round three").
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
          eb
            .selectFrom('enrollment_notes as n')
            .select(
              sql<string>`string_agg(to_char(n.at at time zone 'UTC', ${SQL_DATE_TIME_FORMAT}) || ' ' ||
                n.author || ': ' || n.text, E'\n' order by n.id)`.as('notes'),
            )
            .whereRef('n.enrollment_guid', '=', 'e.guid')
            .as('notes'),
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

    /** The dealer rows of these enrollments, by enrollment id, in position order. */
    async dealersOf(enrollmentIds: readonly string[]): Promise<Map<string, DealerEntry[]>> {
      const byEnrollment = new Map<string, DealerEntry[]>()
      if (enrollmentIds.length === 0) return byEnrollment
      const rows = db
        .selectFrom('enrollment_dealers')
        .select([sql<string>`enrollment_id::text`.as('e'), dealerEntrySql().as('dealer')])
        .where('enrollment_id', 'in', enrollmentIds)
        .orderBy('enrollment_id')
        .orderBy('position')
      const { list } = await db
        .selectFrom(rows.as('dealer_row'))
        .select(sql<string>`coalesce(json_agg(dealer_row), '[]')::text`.as('list'))
        .executeTakeFirstOrThrow()
      for (const { e, dealer } of JSON.parse(list) as { e: string; dealer: DealerEntry }[]) {
        const list = byEnrollment.get(e)
        if (list) list.push(dealer)
        else byEnrollment.set(e, [dealer])
      }
      return byEnrollment
    },
  }
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
