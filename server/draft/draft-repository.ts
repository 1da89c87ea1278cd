import { type Kysely, sql } from 'kysely'
import type { DraftValues } from '../../shared/enrollment/draft-schema.js'
import type { Database } from '../db/schema.js'

export interface StoredDraft {
  tokenHash: string
  brand: string
  type: string
  email: string
  values: DraftValues
  savedAt: Date
  expiresAt: Date
}

/**
 * The saved forms (docs/product.md#save-and-continue-later). A draft is found only by its token's
 * hash and only while it has not expired; no other table reads this one, so a draft is in no
 * list, figure, export, duplicate check or type-ahead.
 */
export function createDraftRepository(db: Kysely<Database>) {
  const columns = [
    'token_hash',
    'brand',
    'type',
    'email',
    'content',
    'saved_at',
    'expires_at',
  ] as const
  type Row = {
    token_hash: string
    brand: string
    type: string
    email: string
    content: DraftValues
    saved_at: Date
    expires_at: Date
  }
  const toDraft = (row: Row): StoredDraft => ({
    tokenHash: row.token_hash,
    brand: row.brand,
    type: row.type,
    email: row.email,
    values: row.content,
    savedAt: new Date(row.saved_at),
    expiresAt: new Date(row.expires_at),
  })

  return {
    async insert(
      executor: Kysely<Database>,
      draft: { tokenHash: string; email: string; values: DraftValues; lifetimeDays: number },
    ): Promise<StoredDraft> {
      const row = await executor
        .insertInto('enrollment_drafts')
        .values({
          token_hash: draft.tokenHash,
          brand: draft.values.brand,
          type: draft.values.type,
          email: draft.email,
          content: JSON.stringify(draft.values),
          expires_at: sql<Date>`now() + ${`${draft.lifetimeDays} days`}::interval`,
        })
        .returning(columns)
        .executeTakeFirstOrThrow()
      return toDraft(row)
    },

    /** The draft of this hash that has not expired; with `lock`, its row locked for an update. */
    async findActive(
      executor: Kysely<Database>,
      tokenHash: string,
      { lock = false } = {},
    ): Promise<StoredDraft | undefined> {
      let query = executor
        .selectFrom('enrollment_drafts')
        .select(columns)
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', sql<Date>`now()`)
      if (lock) query = query.forUpdate()
      const row = await query.executeTakeFirst()
      return row ? toDraft(row) : undefined
    },

    async update(
      executor: Kysely<Database>,
      tokenHash: string,
      draft: { email: string; values: DraftValues },
    ): Promise<StoredDraft> {
      const row = await executor
        .updateTable('enrollment_drafts')
        .set({
          email: draft.email,
          content: JSON.stringify(draft.values),
          saved_at: sql<Date>`now()`,
        })
        .where('token_hash', '=', tokenHash)
        .returning(columns)
        .executeTakeFirstOrThrow()
      return toDraft(row)
    },

    /** Deletes the draft a submission completes (of the submission's brand and type); answers whether there was one. */
    async deleteCompleted(
      executor: Kysely<Database>,
      tokenHash: string,
      scope: { brand: string; type: string },
    ): Promise<boolean> {
      const result = await executor
        .deleteFrom('enrollment_drafts')
        .where('token_hash', '=', tokenHash)
        .where('brand', '=', scope.brand)
        .where('type', '=', scope.type)
        .executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    /** Deletes every expired draft; answers how many. */
    async purgeExpired(): Promise<number> {
      const result = await db
        .deleteFrom('enrollment_drafts')
        .where('expires_at', '<=', sql<Date>`now()`)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}

export type DraftRepository = ReturnType<typeof createDraftRepository>
