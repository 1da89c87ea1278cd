import { type Kysely, sql } from 'kysely'
import {
  capabilityHash,
  capabilityMatches,
  mintCapability,
} from '../capability/capability-token.js'
import type { Database } from '../db/schema.js'

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
     * A new link to the enrollment, valid until 18 months after its submission; none when the
     * enrollment does not exist (it was deleted meanwhile).
     */
    async mint(executor: Kysely<Database>, guid: string): Promise<MintedStatusLink | undefined> {
      const { token, hash } = mintCapability()
      const row = await executor
        .insertInto('status_links')
        .columns(['token_hash', 'enrollment_guid', 'expires_at'])
        .expression((eb) =>
          eb
            .selectFrom('enrollments')
            .select([
              sql.lit(hash).as('token_hash'),
              'guid',
              sql<Date>`created_at + ${STATUS_LINK_LIFETIME}::interval`.as('expires_at'),
            ])
            .where('guid', '=', guid),
        )
        .returning('expires_at')
        .executeTakeFirst()
      return row && { token, expiresAt: new Date(row.expires_at) }
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
     * The enrollments of `year` that carry the address (any case): an LMA's contact (its invoice
     * goes there too) or its authorized representative, a dealer's authorized representative,
     * or the address an invoice was billed to. Demo enrollments are left out when their mail
     * would be dropped (`withDemo` false).
     */
    async enrollmentsWithAddress(
      email: string,
      year: number,
      withDemo: boolean,
    ): Promise<string[]> {
      const address = email.toLowerCase()
      const result = await sql<{ guid: string }>`
        select e.guid from enrollments e
        where e.year = ${year} and (${withDemo} or not e.demo) and (
          lower(e.lma->>'emailAddress') = ${address}
          or lower(e.lma->>'authEmailAddress') = ${address}
          or (e.type = 'Dealer' and exists (select 1 from enrollment_dealers d
            where d.enrollment_id = e.id and lower(d.auth_email_address) = ${address}))
          or exists (select 1 from invoices i
            where i.enrollment_guid = e.guid and lower(i.bill_to_email) = ${address}))
        order by e.id`.execute(db)
      return result.rows.map((row) => row.guid)
    },
  }
}

export type StatusLinkRepository = ReturnType<typeof createStatusLinkRepository>
