import { type Kysely, sql } from 'kysely'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { DealerEntry } from '../../shared/enrollment/enrollment.js'
import { SQL_DATE_TIME_FORMAT } from '../../shared/format/date-text.js'
import { enrollmentScopeSql } from '../db/enrollment-scope-sql.js'
import type { Database } from '../db/schema.js'
import { toDealerEntry } from '../enrollment/enrollment-mapping.js'

/** Where a page of enrollments ends: the sort key of its last enrollment. */
export interface EnrollmentCursor {
  year: number
  brand: string
  /** created_at as text, exact to the microsecond (a Date keeps milliseconds only). */
  createdKey: string
  id: string
}

/** The export's reads: enrollments page by page in report order, then their dealer rows. */
export function createEnrollmentExportRepository(db: Kysely<Database>) {
  return {
    /**
     * The next enrollments of the scope after the cursor: newest year first, then brand,
     * created, id; with their number of dealer rows, so a caller can keep its batches small. A
     * regional manager's scope is a filter on the same range of the export order index, read in
     * its order until the page is full.
     */
    enrollmentsAfter(after: EnrollmentCursor | undefined, limit: number, scope: EnrollmentScope) {
      let query = db
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
          'e.created_at as created',
          'e.modified_at as modified',
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
        query = query.where(
          sql<boolean>`(-e.year, e.brand, e.created_at, e.id) > (${-after.year}, ${after.brand},
            ${after.createdKey}::timestamptz, ${after.id}::bigint)`,
        )
      }
      return query
        .orderBy(sql`-e.year`)
        .orderBy('e.brand')
        .orderBy('e.created_at')
        .orderBy('e.id')
        .limit(limit)
        .execute()
    },

    /** The dealer rows of these enrollments, by enrollment id, in position order. */
    async dealersOf(enrollmentIds: readonly string[]): Promise<Map<string, DealerEntry[]>> {
      const byEnrollment = new Map<string, DealerEntry[]>()
      if (enrollmentIds.length === 0) return byEnrollment
      const rows = await db
        .selectFrom('enrollment_dealers')
        .selectAll()
        .where('enrollment_id', 'in', enrollmentIds)
        .orderBy('enrollment_id')
        .orderBy('position')
        .execute()
      for (const row of rows) {
        const key = String(row.enrollment_id)
        const list = byEnrollment.get(key) ?? []
        list.push(toDealerEntry(row))
        byEnrollment.set(key, list)
      }
      return byEnrollment
    },
  }
}

export type ExportEnrollment = Awaited<
  ReturnType<ReturnType<typeof createEnrollmentExportRepository>['enrollmentsAfter']>
>[number]
