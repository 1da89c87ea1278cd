import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { EnrollmentStatus, EnrollmentType } from '../../shared/domain/enrollment-choices.js'
import type { DealerEntry, LmaRecord } from '../../shared/enrollment/enrollment.js'
import { lmaNameKey } from '../../shared/enrollment/lma-name-key.js'
import type { Database } from '../db/schema.js'
import type { OutgoingMail } from '../mail/outbox-repository.js'
import {
  type EnrollmentRow,
  type StoredEnrollment,
  toDealerRow,
  toStoredEnrollment,
} from './enrollment-mapping.js'

/** A new enrollment, dealer or LMA, and everything its submission writes with it. */
export interface Submission {
  guid: string
  /** What the submitter quotes (XXXX-XXXX-XXXX), given by the server before the write. */
  reference: string
  year: number
  brand: string
  type: EnrollmentType
  status: EnrollmentStatus
  regionId: number | null
  lma: LmaRecord | null
  /** At least one: a dealer's own row, an LMA's dealers. */
  dealers: DealerEntry[]
  history: { action: string; actor: string }
  /** An LMA's authorization request goes out with it: its reminders count from now. */
  authorizationRequested: boolean
  /**
   * The mails it causes, in the order they are queued, each as built once before the write
   * (server/mail/enrollee-mails.ts): the values are written as they are.
   */
  mails: OutgoingMail[]
}

/**
 * A submission's writes in one statement (docs/decisions.md, "A submission is one statement"):
 * the enrollment, its dealer rows, the history entry and its mails in the outbox, as
 * data-modifying CTEs, so that they commit or fail together without a transaction's `begin` and
 * `commit`. The list-change rows and dealer-row counts come from the triggers (migrations 0009,
 * 0019); a taken BAC or LMA name fails the whole statement on its unique index.
 */
export function createSubmissionRepository() {
  return {
    async insert(executor: Kysely<Database>, submission: Submission): Promise<StoredEnrollment> {
      const result = await submissionStatement(submission).execute(executor)
      const row = result.rows[0]
      if (!row) throw new Error('The submission wrote no enrollment')
      const { dealer_ids: dealerIds, ...enrollment } = row
      const dealers = submission.dealers.map((entry, position) => ({
        ...toDealerRow(enrollment, entry, position),
        id: String(dealerIds[position]),
      }))
      return toStoredEnrollment(enrollment, dealers)
    },
  }
}

export type SubmissionRepository = ReturnType<typeof createSubmissionRepository>

/** The enrollment's row as `returning *` answers it, with what the statement adds. */
type SubmissionRow = EnrollmentRow & { dealer_ids: string[] }

/** The one statement; exported so that the benchmark's floor sends the very same SQL. */
export function submissionStatement(submission: Submission): RawBuilder<SubmissionRow> {
  const rows = submission.dealers.map((entry, position) =>
    toDealerRow({ id: '0', brand: submission.brand, year: submission.year }, entry, position),
  )
  const columns = dealerColumns(rows[0])
  const dealerValues = rows.map((row) => {
    const values = columns.map((column) => sql`${row[column]}::text`)
    return sql`(${row.position}::int, ${sql.join(values)})`
  })
  const { lma } = submission
  return sql<SubmissionRow>`
    with e as (
      insert into enrollments (guid, reference, year, brand, type, status, region_id, lma,
        lma_name_key, demo, authorization_requested_at)
      values (${submission.guid}, ${submission.reference}, ${submission.year}, ${submission.brand},
        ${submission.type}, ${submission.status}, ${submission.regionId},
        ${lma ? JSON.stringify(lma) : null}::jsonb, ${lma ? lmaNameKey(lma.name) : null}, false,
        ${submission.authorizationRequested ? sql`now()` : sql`null`})
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
    )${submission.mails.length > 0 ? mailWrites(submission.mails) : sql``}
    select e.*,
      (select coalesce(array_agg(d.id::text order by d.position), '{}') from d) as dealer_ids
    from e`
}

/** The mails, queued in their order after the enrollment they are about. */
function mailWrites(mails: readonly OutgoingMail[]) {
  const values = mails.map(
    (mail, position) => sql`(${position}::int, ${mail.kind}::text, ${mail.recipient}::text,
      ${mail.subject}::text, ${mail.html}::text, ${mail.text}::text,
      ${JSON.stringify(mail.attachments ?? [])}::jsonb, ${mail.enrollmentGuid ?? null}::uuid,
      ${mail.compose ? JSON.stringify(mail.compose) : null}::jsonb,
      ${mail.budget ? JSON.stringify(mail.budget) : null}::jsonb)`,
  )
  return sql`, o as (
      insert into outbox
        (kind, recipient, subject, html, text, attachments, enrollment_guid, compose, budget)
      select m.kind, m.recipient, m.subject, m.html, m.text, m.attachments, m.enrollment_guid,
        m.compose, m.budget
      from e cross join (values ${sql.join(values)})
        as m(position, kind, recipient, subject, html, text, attachments, enrollment_guid, compose,
          budget)
      order by m.position
    )`
}

/** The dealer rows' columns written from the entries (toDealerRow's), in one order. */
function dealerColumns(row: ReturnType<typeof toDealerRow> | undefined) {
  if (!row) throw new Error('A submission has a dealer row')
  const fixed = new Set(['enrollment_id', 'position', 'brand', 'year'])
  return (Object.keys(row) as Array<keyof typeof row>).filter((column) => !fixed.has(column))
}
