import { type Kysely, sql } from 'kysely'
import {
  DEALER_ENTRY_FIELDS,
  type DealerField,
} from '../../shared/enrollment/dealer-entry-fields.js'
import { erasedDealerValues, erasedLmaValues } from '../../shared/enrollment/retention.js'
import type { Database, HistoryChange } from '../db/schema.js'

/** An enrollment whose personal data is due for erasure: declined (its row kept) or deleted. */
export interface ErasureDue {
  guid: string
  /** The declined enrollment's row; null for a deleted one, of which the history is left. */
  enrollmentId: string | null
}

/** A history entry as erasure reads it. */
export interface HistoryToErase {
  id: string
  actor: string
  changes: HistoryChange[]
}

/**
 * The data retention's SQL (docs/security.md#data-retention). The job calls it in its own
 * transactions, a batch of enrollments at a time; each write marks what it erased (`erased_at`),
 * so the next look finds only what is still due.
 */
export function createRetentionRepository() {
  return {
    /**
     * Up to `limit` enrollments of program years before `beforeYear` whose personal data is
     * still held: declined ones (their rows locked, any another transaction holds skipped),
     * then deleted ones, found by the history's Delete entry and its year.
     */
    async due(trx: Kysely<Database>, beforeYear: number, limit: number): Promise<ErasureDue[]> {
      const declined = await trx
        .selectFrom('enrollments')
        .select(['id', 'guid'])
        .where('status', '=', 'Declined')
        .where('year', '<', beforeYear)
        .where('erased_at', 'is', null)
        .orderBy('year')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute()
      const due: ErasureDue[] = declined.map((row) => ({ guid: row.guid, enrollmentId: row.id }))
      if (due.length >= limit) return due
      const deleted = await trx
        .selectFrom('enrollment_history as h')
        .select('h.enrollment_guid')
        .distinct()
        .where('h.action', '=', 'deleted')
        .where('h.year', '<', beforeYear)
        .where('h.erased_at', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('enrollments as e')
                .select(sql`1`.as('one'))
                .whereRef('e.guid', '=', 'h.enrollment_guid'),
            ),
          ),
        )
        .limit(limit - due.length)
        .execute()
      return [...due, ...deleted.map((row) => ({ guid: row.enrollment_guid, enrollmentId: null }))]
    },

    /**
     * The declined enrollments still due, up to `limit`, locked or not: after the batches, those
     * another transaction held when the batches came to them (or declined since).
     */
    async declinedLeft(db: Kysely<Database>, beforeYear: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('enrollments')
        .select('id')
        .where('status', '=', 'Declined')
        .where('year', '<', beforeYear)
        .where('erased_at', 'is', null)
        .orderBy('id')
        .limit(limit)
        .execute()
      return rows.map((row) => row.id)
    },

    /**
     * Locks one declined enrollment still due, waiting for another transaction that holds it for
     * at most `waitMs` (PostgreSQL's lock_timeout, for this transaction: past it, the wait fails
     * with SQLSTATE 55P03, see `lockNotAvailable`). Null when, the lock got, it is no longer due
     * (approved again, or erased by another run).
     */
    async lockDeclined(
      trx: Kysely<Database>,
      beforeYear: number,
      id: string,
      waitMs: number,
    ): Promise<ErasureDue | null> {
      await sql`select set_config('lock_timeout', ${String(Math.max(1, Math.round(waitMs)))}, true)`.execute(
        trx,
      )
      const row = await trx
        .selectFrom('enrollments')
        .select(['id', 'guid'])
        .where('id', '=', id)
        .where('status', '=', 'Declined')
        .where('year', '<', beforeYear)
        .where('erased_at', 'is', null)
        .forUpdate()
        .executeTakeFirst()
      return row ? { guid: row.guid, enrollmentId: row.id } : null
    },

    /**
     * Erases what the rows of declined enrollments hold of people: the LMA record's fields and
     * the dealer rows' as shared/enrollment/retention.ts leaves them, the LMA-name key, the
     * decline reason shown to the enrollee. Type, status, year, brand, region, BACs, kits, the
     * counts the database keeps and the times stay, so every figure of the year is unchanged;
     * the version moves on, so an open form cannot save over it.
     */
    async eraseEnrollments(trx: Kysely<Database>, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return
      await trx
        .updateTable('enrollments')
        .set({
          lma: sql`case when lma is null then null else lma || ${JSON.stringify(erasedLmaValues())}::jsonb end`,
          lma_name_key: null,
          shared_decline_reason: null,
          erased_at: sql<Date>`now()`,
          version: sql`version + 1`,
        })
        .where('id', 'in', ids)
        .execute()
      const columns = Object.fromEntries(
        Object.entries(erasedDealerValues()).map(([field, value]) => [
          DEALER_ENTRY_FIELDS[field as DealerField].column,
          value,
        ]),
      )
      await trx
        .updateTable('enrollment_dealers')
        .set(columns)
        .where('enrollment_id', 'in', ids)
        .execute()
    },

    /** The history entries of these enrollments that still hold their copies. */
    async historyToErase(
      trx: Kysely<Database>,
      guids: readonly string[],
    ): Promise<HistoryToErase[]> {
      if (guids.length === 0) return []
      const rows = await trx
        .selectFrom('enrollment_history')
        .select(['id', 'actor', 'changes'])
        .where('enrollment_guid', 'in', guids)
        .where('erased_at', 'is', null)
        .orderBy('id')
        .execute()
      return rows.map((row) => ({
        id: String(row.id),
        actor: row.actor,
        changes: typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes,
      }))
    },

    /** Writes a history entry as erasure leaves it: no reason, its actor and changes given. */
    async eraseHistoryEntry(
      trx: Kysely<Database>,
      entry: { id: string; actor: string; changes: HistoryChange[] },
    ): Promise<void> {
      await trx
        .updateTable('enrollment_history')
        .set({
          actor: entry.actor,
          changes: JSON.stringify(entry.changes),
          reason: null,
          erased_at: sql<Date>`now()`,
        })
        .where('id', '=', entry.id)
        .execute()
    },

    /**
     * Deletes what of these enrollments is nothing but a copy of their personal data or free
     * text about them: the internal notes, the mails (addresses, bodies, attachments), the
     * status links (which would open a page of nothing), and the office's decline reason a void
     * invoice kept (its cause, declined or deleted, stays for the accounts).
     */
    async deleteCopies(trx: Kysely<Database>, guids: readonly string[]): Promise<void> {
      if (guids.length === 0) return
      await trx.deleteFrom('enrollment_notes').where('enrollment_guid', 'in', guids).execute()
      await trx.deleteFrom('outbox').where('enrollment_guid', 'in', guids).execute()
      await trx.deleteFrom('status_links').where('enrollment_guid', 'in', guids).execute()
      await trx
        .updateTable('invoices')
        .set({ void_reason: null })
        .where('enrollment_guid', 'in', guids)
        .execute()
    },
  }
}

export type RetentionRepository = ReturnType<typeof createRetentionRepository>

/** Whether a statement failed because it waited for a lock longer than lock_timeout. */
export function lockNotAvailable(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '55P03'
}
