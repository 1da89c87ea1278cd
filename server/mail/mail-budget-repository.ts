import { createHash } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Database, MailBudgetGroup } from '../db/schema.js'

/** A budget's limits: per recipient address and day for each group, per client and day for all. */
export interface MailBudgetLimits {
  perAddress: Record<MailBudgetGroup, number>
  perClient: number
}

/** The hash an address is counted (and a link's recipient kept) under: lower case, SHA-256. */
export function addressHash(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('base64url')
}

/**
 * The daily mail budgets (migration 0020, docs/security.md#capabilities), kept in the database
 * so that every instance counts against one budget. A day is the database's UTC date.
 */
export function createMailBudgetRepository(limits: MailBudgetLimits) {
  return {
    /**
     * Spends one mail of `group` to `recipient` caused by `client`, in the caller's transaction:
     * both counts go up together, or, when either is spent, neither does and it answers false.
     * Each count is one upsert that stops at its limit, so two instances racing for the last
     * mail of a budget never both get it.
     */
    async spend(
      executor: Kysely<Database>,
      group: MailBudgetGroup,
      recipient: string,
      client: string,
    ): Promise<boolean> {
      const keys: Array<[string, number]> = [
        [`${group}:address:${addressHash(recipient)}`, limits.perAddress[group]],
        [`client:${client}`, limits.perClient],
      ]
      const counted: string[] = []
      for (const [key, limit] of keys) {
        const result = await sql<{ count: number }>`
          insert into mail_budgets (key, day, count)
          values (${key}, (now() at time zone 'UTC')::date, 1)
          on conflict (key, day) do update set count = mail_budgets.count + 1
          where mail_budgets.count < ${limit}
          returning count`.execute(executor)
        if (result.rows.length === 0) {
          // The counts already taken are given back: a held mail spends nothing.
          for (const taken of counted) {
            await sql`update mail_budgets set count = count - 1
              where key = ${taken} and day = (now() at time zone 'UTC')::date`.execute(executor)
          }
          return false
        }
        counted.push(key)
      }
      return true
    },

    /** Deletes the counts of days before yesterday; answers how many. */
    async purgeOld(executor: Kysely<Database>): Promise<number> {
      const result = await executor
        .deleteFrom('mail_budgets')
        .where('day', '<', sql<string>`(now() at time zone 'UTC')::date - 1`)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}

export type MailBudgetRepository = ReturnType<typeof createMailBudgetRepository>
