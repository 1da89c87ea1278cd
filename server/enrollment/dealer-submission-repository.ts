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
import { STATUS_LINK_LIFETIME } from './status-link-repository.js'

/** A new dealer enrollment and what its submission writes with it. */
export interface DealerSubmission {
  guid: string
  year: number
  brand: string
  status: EnrollmentStatus
  regionId: number | null
  dealers: DealerEntry[]
  history: { action: string; actor: string }
  /** The receipt and the status link it carries; none when no receipt goes out. */
  receipt?: SubmissionReceiptWrite
}

/**
 * The receipt as written before the database gave the enrollment its reference and the link its
 * expiry: both stand in it as placeholders, which the statement replaces. The expiry's words
 * come from `expiryTexts` (ISO date → the words the mail uses), so the mail's date format has
 * one definition, in JavaScript; a date missing from it is written as its ISO date.
 */
export interface SubmissionReceiptWrite {
  tokenHash: string
  mail: OutgoingMail
  referencePlaceholder: string
  expiryPlaceholder: string
  expiryTexts: Record<string, string>
}

/**
 * A dealer submission's writes in one statement (docs/decisions.md, "A dealer submission is one
 * statement"): the enrollment, its dealer rows, the history entry, the status link and the
 * receipt in the outbox, as data-modifying CTEs, so that they commit or fail together without a
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

function receiptWrites(receipt: SubmissionReceiptWrite) {
  const { mail } = receipt
  const expiryDate = sql`to_char(l.expires_at at time zone 'UTC', 'YYYY-MM-DD')`
  const written = (text: string) =>
    sql`replace(replace(${text}::text, ${receipt.referencePlaceholder}::text, e.reference),
      ${receipt.expiryPlaceholder}::text, x.words)`
  return sql`, l as (
      insert into status_links (token_hash, enrollment_guid, expires_at)
      select ${receipt.tokenHash}, e.guid, e.created_at + ${STATUS_LINK_LIFETIME}::interval from e
      returning expires_at
    ), o as (
      insert into outbox (kind, recipient, subject, html, text, attachments, enrollment_guid)
      select ${mail.kind}, ${mail.recipient}, ${written(mail.subject)}, ${written(mail.html)},
        ${written(mail.text)}, ${JSON.stringify(mail.attachments ?? [])}::jsonb, e.guid
      from e cross join l cross join lateral (select coalesce(
        ${JSON.stringify(receipt.expiryTexts)}::jsonb ->> ${expiryDate}, ${expiryDate}) as words) x
    )`
}

/** The dealer rows' columns written from the entries (toDealerRow's), in one order. */
function dealerColumns(row: ReturnType<typeof toDealerRow> | undefined) {
  if (!row) throw new Error('A dealer submission has a dealer row')
  const fixed = new Set(['enrollment_id', 'position', 'brand', 'year'])
  return (Object.keys(row) as Array<keyof typeof row>).filter((column) => !fixed.has(column))
}
