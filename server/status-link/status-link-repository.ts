import { type Kysely, sql } from 'kysely'
import {
  capabilityHash,
  capabilityMatches,
  mintCapability,
} from '../capability/capability-token.js'
import type { Database } from '../db/schema.js'
import { addressHash } from '../mail/mail-budget-repository.js'

/** How long a status link opens its page: this many months after the enrollment's submission. */
export const STATUS_LINK_LIFETIME_MONTHS = 18
export const STATUS_LINK_LIFETIME = `${STATUS_LINK_LIFETIME_MONTHS} months`

export interface MintedStatusLink {
  token: string
  expiresAt: Date
}

/** A live link's enrollment and when the link stops opening it. */
export interface OpenedStatusLink {
  guid: string
  expiresAt: Date
}

/**
 * The status links (migration 0014, docs/security.md#status-links): minted, looked up by the
 * token's hash and compared in constant time, revoked. Callers pass the transaction to write in.
 */
export function createStatusLinkRepository(db: Kysely<Database>) {
  return {
    /**
     * A new link to the enrollment for the mail of kind `mailedAs` to `recipient`, valid until 18
     * months after its submission; none when the enrollment does not exist (it was deleted
     * meanwhile). It replaces the live link an earlier mail of the same kind to the same address
     * carried (a mail sent again, a second "Lost the mail?"), so links never pile up, and a
     * stranger's "Lost the mail?" never revokes the link the receipt carried. Call it in the
     * mail's own transaction, which the mail leaves after.
     */
    async mint(
      executor: Kysely<Database>,
      guid: string,
      recipient: string,
      mailedAs: string,
    ): Promise<MintedStatusLink | undefined> {
      const { token, hash } = mintCapability()
      const recipientHash = addressHash(recipient)
      await executor
        .updateTable('status_links')
        .set({ revoked_at: sql<Date>`now()` })
        .where('enrollment_guid', '=', guid)
        .where('recipient_hash', '=', recipientHash)
        .where('mailed_as', '=', mailedAs)
        .where('revoked_at', 'is', null)
        .execute()
      const row = await executor
        .insertInto('status_links')
        .columns(['token_hash', 'enrollment_guid', 'expires_at', 'recipient_hash', 'mailed_as'])
        .expression((eb) =>
          eb
            .selectFrom('enrollments')
            .select([
              sql.lit(hash).as('token_hash'),
              'guid',
              sql<Date>`created_at + ${STATUS_LINK_LIFETIME}::interval`.as('expires_at'),
              sql.lit(recipientHash).as('recipient_hash'),
              sql.lit(mailedAs).as('mailed_as'),
            ])
            .where('guid', '=', guid),
        )
        .returning('expires_at')
        .executeTakeFirst()
      return row && { token, expiresAt: new Date(row.expires_at) }
    },

    /** When a link minted now for the enrollment would stop opening it (none when deleted). */
    async expiryOf(executor: Kysely<Database>, guid: string): Promise<Date | undefined> {
      const row = await executor
        .selectFrom('enrollments')
        .select(sql<Date>`created_at + ${STATUS_LINK_LIFETIME}::interval`.as('expires_at'))
        .where('guid', '=', guid)
        .executeTakeFirst()
      return row && new Date(row.expires_at)
    },

    /**
     * Locks the enrollment's row, then answers whether `address` is one of its current addresses
     * (an LMA's contact or authorized representative, a dealer's authorized representative):
     * read after the lock, in a statement of its own, so that a correction that committed while
     * this waited is seen. Call it in the transaction that mints the link.
     */
    async lockIfAddressCurrent(
      executor: Kysely<Database>,
      guid: string,
      address: string,
    ): Promise<boolean> {
      const locked = await executor
        .selectFrom('enrollments')
        .select('id')
        .where('guid', '=', guid)
        .forUpdate()
        .executeTakeFirst()
      if (!locked) return false
      const result = await sql<{ found: boolean }>`
        select true as found from enrollments e
        where e.id = ${locked.id} and ${currentAddressSql(address.toLowerCase())}`.execute(executor)
      return result.rows.length > 0
    },

    /** Deletes the links that expired, and those revoked more than 30 days ago; answers how many. */
    async purgeExpired(): Promise<number> {
      const result = await db
        .deleteFrom('status_links')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', sql<Date>`now()`),
            eb('revoked_at', '<', sql<Date>`now() - interval '30 days'`),
          ]),
        )
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    /**
     * The enrollment a token opens: none when no link has its hash, or the link is revoked or
     * expired. All of these answer alike, so the caller cannot tell them apart.
     */
    async open(token: string): Promise<OpenedStatusLink | undefined> {
      const hash = capabilityHash(token)
      const row = await db
        .selectFrom('status_links')
        .select(['token_hash', 'enrollment_guid', 'expires_at'])
        .where('token_hash', '=', hash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst()
      if (!row || !capabilityMatches(row.token_hash, token)) return undefined
      return { guid: row.enrollment_guid, expiresAt: new Date(row.expires_at) }
    },

    /** Revokes every live link of the enrollment; answers how many. */
    async revokeAll(executor: Kysely<Database>, guid: string): Promise<number> {
      const result = await executor
        .updateTable('status_links')
        .set({ revoked_at: sql<Date>`now()` })
        .where('enrollment_guid', '=', guid)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /**
     * The enrollments of `year` that carry the address (any case) now, newest first, at most
     * `limit`: an LMA's contact (its invoice goes there too) or its authorized representative,
     * a dealer's authorized representative. An address the office corrected away (and an
     * invoice's bill-to that is no longer the LMA's address) finds nothing. Demo enrollments are
     * left out when their mail would be dropped (`withDemo` false).
     */
    async enrollmentsWithAddress(
      email: string,
      year: number,
      withDemo: boolean,
      limit: number,
    ): Promise<string[]> {
      const result = await sql<{ guid: string }>`
        select e.guid from enrollments e
        where e.year = ${year} and (${withDemo} or not e.demo)
          and ${currentAddressSql(email.toLowerCase())}
        order by e.created_at desc, e.id desc
        limit ${limit}`.execute(db)
      return result.rows.map((row) => row.guid)
    },
  }
}

/** Whether the enrollment `e` carries the (lower-case) address as one of its current addresses. */
function currentAddressSql(address: string) {
  return sql<boolean>`(lower(e.lma->>'emailAddress') = ${address}
    or lower(e.lma->>'authEmailAddress') = ${address}
    or (e.type = 'Dealer' and exists (select 1 from enrollment_dealers d
      where d.enrollment_id = e.id and lower(d.auth_email_address) = ${address})))`
}

export type StatusLinkRepository = ReturnType<typeof createStatusLinkRepository>
