import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { DealerEntry, EnrollmentStatus } from '../../shared/enrollment/enrollment.js'
import type { Database } from '../db/schema.js'
import type { OutgoingMail } from '../mail/outbox-repository.js'
import {
  type EnrollmentRow,
  type StoredEnrollment,
  toDealerRow,
  toStoredEnrollment,
} from './enrollment-mapping.js'

/** A new dealer enrollment and what its submission writes with it. */
export interface DealerSubmission {
  guid: string
  year: number
  brand: string
  status: EnrollmentStatus
  regionId: number | null
  dealers: DealerEntry[]
  history: { action: string; actor: string }
  /**
   * The receipt, queued for the mail worker to draw when it sends it (with the status link
   * minted then: no link is written here); none when no receipt goes out.
   */
  receipt?: OutgoingMail
}

/**
 * A dealer submission's writes in one statement (docs/decisions.md, "A dealer submission is one
 * statement"): the enrollment, its dealer rows, the history entry and the receipt in the outbox, as data-modifying CTEs, so that they commit or fail together without a
 * transaction's `begin` and `commit`. The list-change rows come from the enrollments trigger
 * (migration 0019); a taken BAC fails the whole statement on the dealer rows' unique index.
 */
export function createDealerSubmissionRepository() {
  return {
    async insert(
      executor: Kysely<Database>,
      submission: DealerSubmission,
    ): Promise<StoredEnrollment> {
      const result = await dealerSubmissionStatement(submission).execute(executor)
      const row = result.rows[0]
      if (!row) throw new Error('The dealer submission wrote no enrollment')
      const { dealer_ids: dealerIds, ...enrollment } = row
      const dealers = submission.dealers.map((entry, position) => ({
        ...toDealerRow(enrollment, entry, position),
        id: String(dealerIds[position]),
      }))
      return toStoredEnrollment(enrollment, dealers)
    },
  }
}

/** The enrollment's row as `returning *` answers it, with what the statement adds. */
type SubmissionRow = EnrollmentRow & { dealer_ids: string[] }

/** The one statement; exported so that the benchmark's floor sends the very same SQL. */
export function dealerSubmissionStatement(submission: DealerSubmission): RawBuilder<SubmissionRow> {
  const rows = submission.dealers.map((entry, position) =>
    toDealerRow({ id: '0', brand: submission.brand, year: submission.year }, entry, position),
  )
  const columns = dealerColumns(rows[0])
  const dealerValues = rows.map((row) => {
    const values = columns.map((column) => sql`${row[column]}::text`)
    return sql`(${row.position}::int, ${sql.join(values)})`
  })
  const { receipt } = submission
  return sql<SubmissionRow>`
    with e as (
      insert into enrollments (guid, year, brand, type, status, region_id, lma, lma_name_key, demo)
      values (${submission.guid}, ${submission.year}, ${submission.brand}, 'Dealer',
        ${submission.status}, ${submission.regionId}, null, null, false)
      returning *
    ), d as (
      insert into enrollment_dealers
        (enrollment_id, brand, year, position, ${sql.join(columns.map((c) => sql.ref(c)))})
      select e.id, e.brand, e.year, v.position, ${sql.join(columns.map((c) => sql.ref(`v.${c}`)))}
      from e cross join (values ${sql.join(dealerValues)})
        as v(position, ${sql.join(columns.map((c) => sql.ref(c)))})
      returning id, position
    ), h as (
      insert into enrollment_history
        (at, enrollment_guid, action, actor, status_before, status_after, changes, reason, year)
      select clock_timestamp(), e.guid, ${submission.history.action}, ${submission.history.actor},
        null, e.status, '[]', null, e.year
      from e
    )${receipt ? receiptWrites(receipt) : sql``}
    select e.*,
      (select coalesce(array_agg(d.id::text order by d.position), '{}') from d) as dealer_ids
    from e`
}

function receiptWrites(mail: OutgoingMail) {
  return sql`, o as (
      insert into outbox
        (kind, recipient, subject, html, text, attachments, enrollment_guid, compose, budget)
      select ${mail.kind}, ${mail.recipient}, ${mail.subject}, ${mail.html}, ${mail.text},
        ${JSON.stringify(mail.attachments ?? [])}::jsonb, e.guid,
        jsonb_build_object('kind', ${mail.compose?.kind ?? null}::text, 'guid', e.guid),
        ${mail.budget ? JSON.stringify(mail.budget) : null}::jsonb
      from e
    )`
}

/** The dealer rows' columns written from the entries (toDealerRow's), in one order. */
function dealerColumns(row: ReturnType<typeof toDealerRow> | undefined) {
  if (!row) throw new Error('A dealer submission has a dealer row')
  const fixed = new Set(['enrollment_id', 'position', 'brand', 'year'])
  return (Object.keys(row) as Array<keyof typeof row>).filter((column) => !fixed.has(column))
}

export type DealerSubmissionRepository = ReturnType<typeof createDealerSubmissionRepository>
