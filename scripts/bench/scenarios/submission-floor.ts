import { randomUUID } from 'node:crypto'
import { CompiledQuery, type Kysely } from 'kysely'
import pg from 'pg'
import { mintCapability } from '../../../server/capability/capability-token.js'
import type { DatabaseHandle } from '../../../server/db/database.js'
import type { Database } from '../../../server/db/schema.js'
import { toDealerRow } from '../../../server/enrollment/enrollment-mapping.js'
import { submissionStatement } from '../../../server/enrollment/submission-repository.js'
import { newReference } from '../../../server/enrollment/submit-enrollment.js'
import { submissionReceiptMail } from '../../../server/mail/templates/submission-receipt-mail.js'
import { dealerEntry } from '../../../server/test-support/enrollment-fixtures.js'
import type { DealerEntry } from '../../../shared/enrollment/enrollment.js'
import { type BenchRow, ms, perSecond, progress, times } from '../table.js'

/**
 * One submission's writes as the database receives them, in one transaction: each statement is
 * written from the first statement's answer (the enrollment's id), as the server writes them.
 */
export type FloorShape = (n: number) => Array<(first?: Record<string, unknown>) => CompiledQuery>

export interface FloorOptions {
  connections: number
  duration: number
  /** The submissions row's accepted rate in the same run, which the floor is the ceiling of. */
  submissionsPerSecond: number
  /** The PostgreSQL database the server wrote to; none on PGlite (`handle` is used). */
  databaseUrl?: string | undefined
  handle: DatabaseHandle
}

/** The floor submissions' numbers, across floors: each has a BAC of its own. */
let next = 0

/**
 * The database's floor under dealer submissions: the same writes a submission makes, sent as
 * plain SQL from this process by `connections` clients (a pg Pool; PGlite's one connection on
 * the embedded database), with no HTTP, validation, Kysely or mail rendering in between.
 */
export async function benchSubmissionFloor(
  label: string,
  shape: FloorShape,
  options: FloorOptions,
): Promise<BenchRow> {
  progress(`submission floor (${label}): ${options.connections} clients, ${options.duration} s`)
  const run = options.databaseUrl
    ? postgresRunner(options.databaseUrl, options.connections)
    : pgliteRunner(options.handle)
  let done = 0
  const latencies: number[] = []
  const until = performance.now() + options.duration * 1000
  const started = performance.now()
  try {
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < until) {
          const at = performance.now()
          await run.transaction(shape(++next))
          latencies.push(performance.now() - at)
          done++
        }
      }),
    )
  } finally {
    await run.close()
  }
  const seconds = (performance.now() - started) / 1000
  const rate = done / seconds
  latencies.sort((a, b) => a - b)
  const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? Number.NaN
  return {
    path: `Submission floor: ${label}, plain SQL`,
    load: `${options.connections} clients, ${options.duration} s`,
    result: `${perSecond(rate)}, p99 ${ms(p99)}, 0 errors`,
    baseline: `dealer submissions ${perSecond(options.submissionsPerSecond)}`,
    ratio: `submissions ${times(options.submissionsPerSecond / rate)} of it`,
  }
}

type Steps = ReturnType<FloorShape>

interface Runner {
  transaction(steps: Steps): Promise<void>
  close(): Promise<void>
}

function postgresRunner(databaseUrl: string, connections: number): Runner {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections })
  return {
    async transaction(steps) {
      const client = await pool.connect()
      const send = async (step: Steps[number], first?: Record<string, unknown>) => {
        const statement = step(first)
        return (await client.query(statement.sql, [...statement.parameters])).rows[0]
      }
      try {
        const [only, ...rest] = steps
        if (!only) return
        if (rest.length === 0) {
          await send(only)
          return
        }
        await client.query('begin')
        const first = await send(only)
        for (const step of rest) await send(step, first)
        await client.query('commit')
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

function pgliteRunner(handle: DatabaseHandle): Runner {
  return {
    async transaction(steps) {
      const [only, ...rest] = steps
      if (!only) return
      if (rest.length === 0) {
        await handle.db.executeQuery(only())
        return
      }
      await handle.db.transaction().execute(async (trx) => {
        const first = (await trx.executeQuery(only())).rows[0] as Record<string, unknown>
        for (const step of rest) await trx.executeQuery(step(first))
      })
    },
    close: async () => undefined,
  }
}

/** The n-th floor submission's dealer entry: the benchmark's own, with BACs of their own. */
export function floorDealer(n: number): DealerEntry {
  return dealerEntry({
    bac: `F${String(n).padStart(8, '0')}`,
    name: `Floor Motors ${n}`,
    authEmailAddress: `pat.${n}@floor.example.com`,
  })
}

/** A receipt of the real size (rendered once: the floor measures the database, not templates). */
const receipt = submissionReceiptMail({
  brandName: 'Chevrolet',
  year: 2025,
  reference: 'ABCD-EF01-2345',
  type: 'Dealer',
  status: 'Approving',
  supportEmail: 'support@example.com',
  supportPhone: '800-555-0100',
  statusUrl: `https://example.com/chevy/enrollment/status/${'x'.repeat(43)}`,
  statusLinkExpires: new Date(),
})

/**
 * The seven round trips a dealer submission made before it became one statement: begin, the
 * enrollment, its dealer row, the history entry, the status link, the receipt, commit (each
 * written as the repositories write it; the list-change rows come from migration 0019's
 * trigger).
 */
export function sevenStatements(year: number): FloorShape {
  return (n) => {
    const guid = randomUUID()
    const { hash } = mintCapability()
    return [
      () =>
        CompiledQuery.raw(
          `insert into "enrollments" ("guid", "year", "brand", "type", "status", "region_id", "lma", "lma_name_key", "demo")
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
          [guid, year, 'chevy', 'Dealer', 'Approving', null, null, null, false],
        ),
      (first) => {
        const id = String(first?.id)
        const row = toDealerRow({ id, brand: 'chevy', year }, floorDealer(n), 0)
        const names = Object.keys(row)
        return CompiledQuery.raw(
          `insert into "enrollment_dealers" (${names.map((name) => `"${name}"`).join(', ')})
           values (${names.map((_, index) => `$${index + 1}`).join(', ')}) returning *`,
          Object.values(row),
        )
      },
      () =>
        CompiledQuery.raw(
          `insert into "enrollment_history" ("at", "enrollment_guid", "action", "actor", "status_before", "status_after", "changes", "reason", "year")
         values (clock_timestamp(), $1, $2, $3, $4, $5, $6, $7, coalesce(
           (select e.year from enrollments e where e.guid = $8),
           (select h.year from enrollment_history h where h.enrollment_guid = $9 limit 1)))`,
          [guid, 'submitted', 'Dealer form: Pat Dealer', null, 'Approving', '[]', null, guid, guid],
        ),
      () =>
        CompiledQuery.raw(
          `insert into "status_links" ("token_hash", "enrollment_guid", "expires_at")
         select '${hash}' as "token_hash", "guid", created_at + $1::interval as "expires_at"
         from "enrollments" where "guid" = $2 returning "expires_at"`,
          ['18 months', guid],
        ),
      () =>
        CompiledQuery.raw(
          `insert into "outbox" (kind, recipient, subject, html, text, attachments, enrollment_guid)
         select $1, $2, $3, $4, $5, $6::jsonb, $7::uuid
         where not exists (select 1 from enrollments where guid = $8::uuid and demo)`,
          [
            'submission-receipt',
            `pat.${n}@floor.example.com`,
            receipt.subject,
            receipt.html,
            receipt.text,
            '[]',
            guid,
            guid,
          ],
        ),
    ]
  }
}

/**
 * A dealer submission as the server now writes it: the one statement of
 * submission-repository.ts, the very same SQL (`db` only compiles it).
 */
export function oneStatement(year: number, db: Kysely<Database>): FloorShape {
  return (n) => {
    const guid = randomUUID()
    return [
      () =>
        submissionStatement({
          guid,
          reference: newReference(),
          year,
          brand: 'chevy',
          type: 'Dealer',
          status: 'Approving',
          regionId: null,
          lma: null,
          dealers: [floorDealer(n)],
          history: { action: 'submitted', actor: 'Dealer form: Pat Dealer' },
          authorizationRequested: false,
          mails: [
            {
              kind: 'submission-receipt',
              recipient: `pat.${n}@floor.example.com`,
              subject: 'Submission receipt',
              html: '',
              text: '',
              enrollmentGuid: guid,
              compose: { kind: 'submission-receipt', guid },
              budget: { group: 'submission', client: 'floor' },
            },
          ],
        }).compile(db),
    ]
  }
}
