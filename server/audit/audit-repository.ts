import type { Kysely } from 'kysely'
import type { AuditAction, AuditEntry, AuditFilters } from '../../shared/audit/audit-schema.js'
import type { Staff } from '../auth/auth-plugin.js'
import type { Database } from '../db/schema.js'

/** What an entry of the audit trail records; `at` is the database's clock. */
export interface AuditRecord {
  actor: string
  action: AuditAction
  year: number
  filters: AuditFilters
  rows: number
}

/**
 * The audit trail's SQL (docs/product.md#audit-trail). `record` takes the executor of the
 * change it records, so an entry commits or rolls back with the change.
 */
export function createAuditRepository(db: Kysely<Database>) {
  return {
    async record(entry: AuditRecord, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .insertInto('audit_trail')
        .values({
          actor: entry.actor,
          action: entry.action,
          year: entry.year,
          filters: JSON.stringify(entry.filters),
          row_count: entry.rows,
        })
        .execute()
    },

    /** A year's entries, newest first. */
    async listByYear(year: number): Promise<AuditEntry[]> {
      const rows = await db
        .selectFrom('audit_trail')
        .select(['id', 'at', 'actor', 'action', 'year', 'filters', 'row_count'])
        .where('year', '=', year)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .execute()
      return rows.map((row) => ({
        id: String(row.id),
        at: new Date(row.at).toISOString(),
        actor: row.actor,
        action: row.action as AuditAction,
        year: row.year,
        filters: typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters,
        rows: row.row_count,
      }))
    },
  }
}

export type AuditRepository = ReturnType<typeof createAuditRepository>

/** A request's filters as the trail keeps them: the values it named, none left empty. */
export function auditFilters(values: Record<string, unknown>): AuditFilters {
  const filters: AuditFilters = {}
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      filters[key] = value
    }
  }
  return filters
}

/**
 * What a user's work was limited to, as an entry's filters name it: a regional manager's
 * regions (`regions`, their names joined; none when no region of the program matched theirs),
 * nothing for those who see every enrollment.
 */
export function scopeFilters(staff: Pick<Staff, 'scope' | 'regions'>): AuditFilters {
  if (staff.scope.all) return {}
  return { regions: staff.regions.length > 0 ? staff.regions.join(', ') : null }
}
