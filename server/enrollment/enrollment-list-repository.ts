import { type Kysely, sql } from 'kysely'
import type {
  EnrollmentListItem,
  EnrollmentStatus,
  EnrollmentType,
} from '../../shared/enrollment/enrollment.js'
import { escapeLike } from '../db/escape-like.js'
import type { Database } from '../db/schema.js'

export interface EnrollmentListFilters {
  year?: number
  status?: EnrollmentStatus
  type?: EnrollmentType
  /** Trimmed; matches BACs, dealer and LMA names, emails and zip codes (contains, any case). */
  search?: string
}

/** The admin list (SPEC.md §2 Enrollment List), newest change first. */
export function createEnrollmentListRepository(db: Kysely<Database>) {
  return {
    async find(filters: EnrollmentListFilters): Promise<EnrollmentListItem[]> {
      let query = db
        .selectFrom('enrollments as e')
        .leftJoin('enrollment_dealers as first', (join) =>
          join.onRef('first.enrollment_id', '=', 'e.id').on('first.position', '=', 0),
        )
        .select([
          'e.guid',
          'e.year',
          'e.brand',
          'e.type',
          'e.status',
          'e.created_at',
          'e.modified_at',
          'first.bac as first_bac',
          'first.name as first_name',
          sql<string | null>`e.lma->>'name'`.as('lma_name'),
        ])
      if (filters.year !== undefined) query = query.where('e.year', '=', filters.year)
      if (filters.status) query = query.where('e.status', '=', filters.status)
      if (filters.type) query = query.where('e.type', '=', filters.type)
      if (filters.search) {
        const pattern = `%${escapeLike(filters.search)}%`
        // Matches the LMA's fields or any dealer row's. An IN over a UNION, not an OR with
        // EXISTS, so each side is a bitmap scan of its trigram index (0004-search-indexes).
        query = query.where('e.id', 'in', (eb) =>
          eb
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
            ),
        )
      }
      const rows = await query.orderBy('e.modified_at', 'desc').orderBy('e.id', 'desc').execute()
      return rows.map((row) => ({
        guid: row.guid,
        year: row.year,
        brand: row.brand,
        type: row.type,
        status: row.status,
        bac: row.type === 'Dealer' ? (row.first_bac ?? '') : '',
        name: row.lma_name || row.first_name || '',
        created: new Date(row.created_at).toISOString(),
        modified: new Date(row.modified_at).toISOString(),
      }))
    },
  }
}
