import { type Kysely, sql } from 'kysely'
import type { DraftValues } from '../../shared/enrollment/draft-schema.js'
import type { Database } from '../db/schema.js'

export interface StoredDraft {
  /** The draft's own token hash (the saving browser's token); its key. */
  tokenHash: string
  /** The hash a look-up matched: the draft's own, or a mailed link's (draft_links). */
  matchedHash: string
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
  const toDraft = (row: Row, matchedHash = row.token_hash): StoredDraft => ({
    tokenHash: row.token_hash,
    matchedHash,
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
      draft: {
        tokenHash: string
        email: string
        values: DraftValues
        lifetimeDays: number
        client: string
      },
    ): Promise<StoredDraft> {
      const row = await executor
        .insertInto('enrollment_drafts')
        .values({
          token_hash: draft.tokenHash,
          client_hash: draft.client,
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

    /**
     * The draft this hash opens, its own or a mailed link's, while it has not expired; with
     * `lock`, its row locked for an update.
     */
    async findActive(
      executor: Kysely<Database>,
      tokenHash: string,
      { lock = false } = {},
    ): Promise<StoredDraft | undefined> {
      const linked = await executor
        .selectFrom('draft_links')
        .select('draft_hash')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst()
      let query = executor
        .selectFrom('enrollment_drafts')
        .select(columns)
        .where('token_hash', '=', linked?.draft_hash ?? tokenHash)
        .where('expires_at', '>', sql<Date>`now()`)
      if (lock) query = query.forUpdate()
      const row = await query.executeTakeFirst()
      return row ? toDraft(row, tokenHash) : undefined
    },

    /**
     * A new link of the draft for the mail to `recipientHash`'s address, replacing the one an
     * earlier mail to it carried: call it in the transaction that holds the draft's lock.
     */
    async addLink(
      executor: Kysely<Database>,
      link: { tokenHash: string; draftHash: string; recipientHash: string },
    ): Promise<void> {
      await executor
        .deleteFrom('draft_links')
        .where('draft_hash', '=', link.draftHash)
        .where('recipient_hash', '=', link.recipientHash)
        .execute()
      await executor
        .insertInto('draft_links')
        .values({
          token_hash: link.tokenHash,
          draft_hash: link.draftHash,
          recipient_hash: link.recipientHash,
        })
        .execute()
    },

    /**
     * Deletes the mailed links of the draft that went to another address than `recipientHash`'s:
     * a draft saved again to a corrected address no longer opens by the old address's link.
     */
    async deleteLinksNotFor(
      executor: Kysely<Database>,
      draftHash: string,
      recipientHash: string,
    ): Promise<void> {
      await executor
        .deleteFrom('draft_links')
        .where('draft_hash', '=', draftHash)
        .where('recipient_hash', '<>', recipientHash)
        .execute()
    },

    /**
     * How many live drafts the address and the client hold, counted after taking a lock of each
     * (held to the transaction's end), so that two saves racing for the last place both see the
     * other's draft.
     */
    async countLive(
      executor: Kysely<Database>,
      email: string,
      client: string,
    ): Promise<{ address: number; client: number }> {
      const address = email.trim().toLowerCase()
      await sql`select pg_advisory_xact_lock(hashtext(${`draft-address:${address}`}))`.execute(
        executor,
      )
      await sql`select pg_advisory_xact_lock(hashtext(${`draft-client:${client}`}))`.execute(
        executor,
      )
      const result = await sql<{ address: string; client: string }>`
        select
          (select count(*) from enrollment_drafts
            where lower(email) = ${address} and expires_at > now()) as address,
          (select count(*) from enrollment_drafts
            where client_hash = ${client} and expires_at > now()) as client`.execute(executor)
      const row = result.rows[0]
      return { address: Number(row?.address ?? 0), client: Number(row?.client ?? 0) }
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
      const linked = await executor
        .selectFrom('draft_links')
        .select('draft_hash')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst()
      const result = await executor
        .deleteFrom('enrollment_drafts')
        .where('token_hash', '=', linked?.draft_hash ?? tokenHash)
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
