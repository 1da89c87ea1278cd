import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.js'

/**
 * When each periodic job is next due. An instance claims a due job as the reminders claim an
 * enrollment: it locks the job's row, skipping one another instance holds, checks it is still
 * due on the locked row, and moves it on by the job's interval before the job runs; so of all
 * the instances that look at once, one runs it.
 */
export function createScheduledJobRepository(db: Kysely<Database>) {
  return {
    /** True when this caller claimed the job (it was due); its next run is `everyMs` from now. */
    async claim(name: string, everyMs: number): Promise<boolean> {
      // A new job is due at once.
      await db
        .insertInto('scheduled_jobs')
        .values({ name, due_at: sql<Date>`now()` })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute()
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('scheduled_jobs')
          .select('name')
          .where('name', '=', name)
          .where('due_at', '<=', sql<Date>`now()`)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst()
        if (!due) return false
        await trx
          .updateTable('scheduled_jobs')
          .set({
            due_at: sql<Date>`now() + ${`${Math.max(0, Math.round(everyMs))} milliseconds`}::interval`,
            last_run_at: sql<Date>`now()`,
            runs: sql<string>`runs + 1`,
          })
          .where('name', '=', name)
          .execute()
        return true
      })
    },

    /**
     * Makes the job due `ms` from now, unless it is due sooner: a run that left work undone asks
     * to run again before its interval is up.
     */
    async dueAgainIn(name: string, ms: number): Promise<void> {
      await db
        .updateTable('scheduled_jobs')
        .set({
          due_at: sql<Date>`least(due_at, now() + ${`${Math.max(0, Math.round(ms))} milliseconds`}::interval)`,
        })
        .where('name', '=', name)
        .execute()
    },

    /** How often the job was claimed, and when last (tests, operators). */
    async runsOf(name: string): Promise<{ runs: number; lastRunAt: Date | null }> {
      const row = await db
        .selectFrom('scheduled_jobs')
        .select(['runs', 'last_run_at'])
        .where('name', '=', name)
        .executeTakeFirst()
      return { runs: Number(row?.runs ?? 0), lastRunAt: row?.last_run_at ?? null }
    },
  }
}

export type ScheduledJobRepository = ReturnType<typeof createScheduledJobRepository>
