import { type Kysely, sql } from 'kysely'
import { DEALER_ENTRY_FIELDS } from '../../shared/enrollment/dealer-entry-fields.js'
import type { Database } from '../db/schema.js'
import {
  type DealerDirectoryRow,
  DIRECTORY_FIELDS,
  type DirectoryColumn,
} from './dealer-directory-row.js'

/** Rows per INSERT statement: 500 rows of 8 values stay far below PostgreSQL's parameter limit. */
const BATCH_SIZE = 500

/** The columns an upsert overwrites on a known BAC: every directory field's but the BAC's. */
const OVERWRITTEN: readonly DirectoryColumn[] = DIRECTORY_FIELDS.map(
  (field) => DEALER_ENTRY_FIELDS[field].column,
).filter((column) => column !== DEALER_ENTRY_FIELDS.bac.column)

export interface UpsertResult {
  /** BACs that were not in the directory before. */
  inserted: number
  /** BACs that were, and whose fields were overwritten. */
  updated: number
}

export type DealerDirectoryRepository = ReturnType<typeof createDealerDirectoryRepository>

export function createDealerDirectoryRepository(db: Kysely<Database>) {
  return {
    /**
     * Inserts new BACs and overwrites the fields of known ones (every column of the rows, which
     * directoryRowOf builds from the field descriptions), setting updated_at to now.
     * All-or-nothing: runs in a transaction of its own unless `db` already is one. When a BAC
     * appears twice in `rows`, the last one wins.
     */
    async upsertMany(rows: readonly DealerDirectoryRow[]): Promise<UpsertResult> {
      const unique = [...new Map(rows.map((row) => [row.bac, row])).values()]
      if (unique.length === 0) return { inserted: 0, updated: 0 }
      const run = async (trx: Kysely<Database>): Promise<UpsertResult> => {
        const result: UpsertResult = { inserted: 0, updated: 0 }
        for (let start = 0; start < unique.length; start += BATCH_SIZE) {
          const batch = unique.slice(start, start + BATCH_SIZE)
          const written = await trx
            .insertInto('dealer_directory')
            .values(batch.map((row) => ({ ...row, updated_at: sql<Date>`now()` })))
            .onConflict((oc) =>
              oc.column('bac').doUpdateSet((eb) => ({
                ...Object.fromEntries(
                  OVERWRITTEN.map((column) => [column, eb.ref(`excluded.${column}`)]),
                ),
                updated_at: sql<Date>`now()`,
              })),
            )
            // xmax is 0 on a freshly inserted row version and set on one written by the update.
            .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
            .execute()
          for (const row of written) {
            if (row.inserted) result.inserted++
            else result.updated++
          }
        }
        return result
      }
      return db.isTransaction ? run(db) : db.transaction().execute(run)
    },

    /** Whether the directory holds any dealer. */
    async any(): Promise<boolean> {
      const row = await db.selectFrom('dealer_directory').select('bac').limit(1).executeTakeFirst()
      return row !== undefined
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('dealer_directory')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },
  }
}
