import { type Kysely, sql } from 'kysely'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { VoidCause } from '../../shared/domain/invoice-standings.js'
import { invoiceScopeSql } from '../db/enrollment-scope-sql.js'
import type { Database, InvoiceItemRow } from '../db/schema.js'

export interface InvoiceSnapshot {
  enrollmentGuid: string
  /** The enrollment's reference; null only on invoices of enrollments deleted before 0013. */
  enrollmentReference: string | null
  invoiceYear: number
  invoiceDate: string
  terms: string
  brand: string
  brandName: string
  lmaName: string
  billToEmail: string
  billTo: string[]
  remitTo: string[]
  items: InvoiceItemRow[]
  subtotalCents: number
  grandTotalCents: number
}

export interface InvoiceRecord extends InvoiceSnapshot {
  invoiceNumber: string
  issuedAt: string
  /** When its current revision was issued; null while it is revision 1. */
  reissuedAt: string | null
  /** The revision it is at: 1 when issued, n+1 at each revision (docs/product.md#invoices). */
  revision: number
  /** When a decline or a delete voided it; null while live. */
  voidedAt: string | null
  voidCause: VoidCause | null
  /** The office's reason given with the decline; null when none was given. */
  voidReason: string | null
  /** Its enrollment's status now; null once deleted. */
  enrollmentStatus: string | null
  /** YYYY-MM-DD the payment arrived, as an administrator recorded it; null while unpaid. */
  paidOn: string | null
  paymentReference: string | null
  /** What the recorded payment paid, in cents; null while unpaid. */
  paidCents: number | null
}

/** What an invoice's payment is checked against and changes (YYYY-MM-DD dates). */
export interface InvoicePaymentState {
  invoiceNumber: string
  /** The program year of the invoice. */
  year: number
  invoiceDate: string
  paidOn: string | null
  reference: string | null
  /** Paid in full: a payment recorded that covers the current total. */
  paidInFull: boolean
  /** A void invoice takes no payment; one recorded before can only be marked unpaid (refunded). */
  voided: boolean
}

/** One revision of an invoice as it was mailed. */
export interface InvoiceRevision extends InvoiceSnapshot {
  invoiceNumber: string
  revision: number
  issuedAt: string
}

/** What issuing an invoice did: issued it, revised it (replacing `replaced`), or nothing. */
export type IssueOutcome =
  | { outcome: 'issued'; invoice: InvoiceRecord }
  | { outcome: 'revised'; invoice: InvoiceRecord; replaced: InvoiceRevision }
  | { outcome: 'unchanged'; invoice: InvoiceRecord }

const COLUMNS = sql`enrollment_guid as "enrollmentGuid",
  enrollment_reference as "enrollmentReference", invoice_number as "invoiceNumber",
  invoice_year as "invoiceYear", to_char(invoice_date, 'YYYY-MM-DD') as "invoiceDate", terms, brand,
  brand_name as "brandName", lma_name as "lmaName", bill_to_email as "billToEmail",
  bill_to as "billTo", remit_to as "remitTo", items, subtotal_cents as "subtotalCents",
  grand_total_cents as "grandTotalCents", issued_at as "issuedAt", reissued_at as "reissuedAt",
  to_char(paid_on, 'YYYY-MM-DD') as "paidOn", payment_reference as "paymentReference",
  paid_cents as "paidCents", revision, voided_at as "voidedAt", void_cause as "voidCause", void_reason as "voidReason",
  (select e.status from enrollments e where e.guid = invoices.enrollment_guid) as "enrollmentStatus"`

/** Invoice snapshots and their per-year number sequence. */
export function createInvoiceRepository(db: Kysely<Database>) {
  return {
    async findByEnrollment(
      guid: string,
      executor: Kysely<Database> = db,
    ): Promise<InvoiceRecord | undefined> {
      const result =
        await sql<InvoiceRecord>`select ${COLUMNS} from invoices where enrollment_guid = ${guid}`.execute(
          executor,
        )
      return result.rows[0] && normalize(result.rows[0])
    },

    /**
     * The invoice of an enrollment in the scope: every invoice for a scope of every enrollment
     * (a deleted enrollment's too); for a regional manager, that of an enrollment of their
     * regions that exists.
     */
    async findInScope(guid: string, scope: EnrollmentScope): Promise<InvoiceRecord | undefined> {
      if (scope.all) return this.findByEnrollment(guid)
      const result = await sql<InvoiceRecord>`select ${COLUMNS} from invoices
        where enrollment_guid = ${guid}
          and ${invoiceScopeSql(sql.ref('invoices.enrollment_guid'), scope)}`.execute(db)
      return result.rows[0] && normalize(result.rows[0])
    },

    /** A year's invoices by number, of the enrollments in the scope (a regional manager's regions). */
    async listByYear(year: number, scope: EnrollmentScope): Promise<InvoiceRecord[]> {
      const result =
        await sql<InvoiceRecord>`select ${COLUMNS} from invoices where invoice_year = ${year}
          and ${invoiceScopeSql(sql.ref('invoices.enrollment_guid'), scope)}
        order by invoice_number`.execute(db)
      return result.rows.map(normalize)
    },

    /** Every revision of an enrollment's invoice, the first first (none without an invoice). */
    async revisions(guid: string): Promise<InvoiceRevision[]> {
      const { rows } = await sql<{
        invoiceNumber: string
        revision: number
        issuedAt: string
        snapshot: Omit<InvoiceSnapshot, 'enrollmentGuid' | 'invoiceYear'>
        invoiceYear: number
      }>`select i.invoice_number as "invoiceNumber", r.revision, r.issued_at as "issuedAt",
          r.snapshot, i.invoice_year as "invoiceYear"
        from invoice_revisions r join invoices i on i.id = r.invoice_id
        where i.enrollment_guid = ${guid} order by r.revision`.execute(db)
      return rows.map((row) => ({
        ...row.snapshot,
        enrollmentGuid: guid,
        invoiceYear: row.invoiceYear,
        invoiceNumber: row.invoiceNumber,
        revision: Number(row.revision),
        issuedAt: new Date(row.issuedAt).toISOString(),
        subtotalCents: Number(row.snapshot.subtotalCents),
        grandTotalCents: Number(row.snapshot.grandTotalCents),
      }))
    },

    /**
     * Stores the snapshot under the invoice's row lock (docs/product.md#invoices): a first issue
     * takes the year's next number (revision 1); an invoice that exists is revised (same number,
     * revision n+1, the snapshot before kept) when what it bills changed or it was void, and left
     * as it is otherwise. `billedChanged` says what counts as a change: a re-approval re-issues
     * on any change of the bill (items, bill-to), an edit after approval on a change of what is
     * owed (the items) only.
     */
    async issue(
      executor: Kysely<Database>,
      snapshot: InvoiceSnapshot,
      changed: 'bill' | 'owed' = 'bill',
    ): Promise<IssueOutcome> {
      const values = {
        enrollment_reference: snapshot.enrollmentReference,
        invoice_year: snapshot.invoiceYear,
        invoice_date: snapshot.invoiceDate,
        terms: snapshot.terms,
        brand: snapshot.brand,
        brand_name: snapshot.brandName,
        lma_name: snapshot.lmaName,
        bill_to_email: snapshot.billToEmail,
        bill_to: JSON.stringify(snapshot.billTo),
        remit_to: JSON.stringify(snapshot.remitTo),
        items: JSON.stringify(snapshot.items),
        subtotal_cents: snapshot.subtotalCents,
        grand_total_cents: snapshot.grandTotalCents,
      }
      const existing = await executor
        .selectFrom('invoices')
        .select('id')
        .where('enrollment_guid', '=', snapshot.enrollmentGuid)
        .forUpdate()
        .executeTakeFirst()
      if (!existing) {
        const number = await nextNumber(executor, snapshot.invoiceYear)
        const inserted = await executor
          .insertInto('invoices')
          .values({ ...values, enrollment_guid: snapshot.enrollmentGuid, invoice_number: number })
          .returning(['id', 'issued_at'])
          .executeTakeFirstOrThrow()
        await recordRevision(executor, inserted.id, 1, inserted.issued_at, snapshot)
        return { outcome: 'issued', invoice: await this.stored(executor, snapshot.enrollmentGuid) }
      }
      const before = await this.stored(executor, snapshot.enrollmentGuid)
      // Field by field: jsonb keeps an object's keys in an order of its own.
      const owedChanged = !sameItems(before.items, snapshot.items)
      const billChanged =
        owedChanged ||
        JSON.stringify(before.billTo) !== JSON.stringify(snapshot.billTo) ||
        before.billToEmail !== snapshot.billToEmail
      const revise = before.voidedAt !== null || (changed === 'owed' ? owedChanged : billChanged)
      if (!revise) return { outcome: 'unchanged', invoice: before }
      const revision = before.revision + 1
      // A revision keeps the invoice's date, and so its due date: an edit never makes an
      // overdue invoice current again, and a payment made against an earlier revision still
      // dates after the invoice (each revision's own moment is in invoice_revisions.issued_at).
      const kept = { ...snapshot, invoiceDate: before.invoiceDate }
      const updated = await executor
        .updateTable('invoices')
        .set({
          ...values,
          invoice_date: before.invoiceDate,
          revision,
          reissued_at: sql`now()`,
          voided_at: null,
          void_cause: null,
          void_reason: null,
        })
        .where('id', '=', existing.id)
        .returning('reissued_at')
        .executeTakeFirstOrThrow()
      await recordRevision(
        executor,
        existing.id,
        revision,
        updated.reissued_at ?? new Date(),
        snapshot,
      )
      return {
        outcome: 'revised',
        invoice: await this.stored(executor, snapshot.enrollmentGuid),
        replaced: { ...before, issuedAt: before.reissuedAt ?? before.issuedAt },
      }
    },

    /** The invoice of an enrollment inside a transaction that has it. */
    async stored(executor: Kysely<Database>, guid: string): Promise<InvoiceRecord> {
      const stored = await this.findByEnrollment(guid, executor)
      if (!stored) throw new Error('The invoice vanished inside its own transaction')
      return stored
    },

    /**
     * Voids the live invoice of an enrollment declined or deleted (docs/product.md#invoices):
     * kept for the accounts, never counted again. Answers whether there was one to void.
     */
    async voidInvoice(
      executor: Kysely<Database>,
      guid: string,
      cause: VoidCause,
      reason: string | null,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('invoices')
        .set({ voided_at: sql`now()`, void_cause: cause, void_reason: reason })
        .where('enrollment_guid', '=', guid)
        .where('voided_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    /**
     * The payment of an enrollment's invoice with the invoice's date, its row locked until the
     * transaction ends; undefined when the enrollment has no invoice.
     */
    async lockPayment(
      executor: Kysely<Database>,
      guid: string,
    ): Promise<InvoicePaymentState | undefined> {
      const row = await executor
        .selectFrom('invoices')
        .select([
          sql<string>`to_char(invoice_date, 'YYYY-MM-DD')`.as('invoice_date'),
          sql<string | null>`to_char(paid_on, 'YYYY-MM-DD')`.as('paid_on'),
          'payment_reference',
          'invoice_number',
          'invoice_year',
          'voided_at',
          'paid_cents',
          'grand_total_cents',
        ])
        .where('enrollment_guid', '=', guid)
        .forUpdate()
        .executeTakeFirst()
      return (
        row && {
          invoiceNumber: row.invoice_number,
          year: row.invoice_year,
          invoiceDate: String(row.invoice_date),
          paidOn: row.paid_on === null ? null : String(row.paid_on),
          reference: row.payment_reference,
          voided: row.voided_at !== null,
          paidInFull:
            row.paid_cents !== null && Number(row.paid_cents) >= Number(row.grand_total_cents),
        }
      )
    },

    /**
     * Records the payment of an enrollment's invoice, in full of its current total (both null:
     * unpaid).
     */
    async setPayment(
      executor: Kysely<Database>,
      guid: string,
      payment: { paidOn: string | null; reference: string | null },
    ): Promise<void> {
      await executor
        .updateTable('invoices')
        .set({
          paid_on: payment.paidOn,
          payment_reference: payment.reference,
          paid_cents: payment.paidOn === null ? null : sql<number>`grand_total_cents`,
        })
        .where('enrollment_guid', '=', guid)
        .execute()
    },

    /**
     * Dates an invoice as issued at `issuedAt`, paid on `paidOn` (null: unpaid): the invoices of
     * demo data, issued when their enrollment was approved.
     */
    async backdate(
      executor: Kysely<Database>,
      guid: string,
      dates: { issuedAt: string; paidOn: string | null },
    ): Promise<void> {
      await executor
        .updateTable('invoices')
        .set({
          issued_at: dates.issuedAt,
          paid_on: dates.paidOn,
          paid_cents: dates.paidOn === null ? null : sql<number>`grand_total_cents`,
        })
        .where('enrollment_guid', '=', guid)
        .execute()
      await sql`update invoice_revisions set issued_at = ${dates.issuedAt}
        where revision = 1
          and invoice_id = (select id from invoices where enrollment_guid = ${guid})`.execute(
        executor,
      )
    },
  }
}

/** `{year}-{NNNN}`: the counter row is locked by the increment until the transaction ends. */
async function nextNumber(executor: Kysely<Database>, year: number): Promise<string> {
  const result = await sql<{ last_number: number }>`
    insert into invoice_sequences (year, last_number) values (${year}, 1)
    on conflict (year) do update set last_number = invoice_sequences.last_number + 1
    returning last_number`.execute(executor)
  const number = result.rows[0]?.last_number
  if (number === undefined) throw new Error('No invoice number was assigned')
  return `${year}-${String(number).padStart(4, '0')}`
}

function sameItems(a: readonly InvoiceItemRow[], b: readonly InvoiceItemRow[]): boolean {
  return (
    a.length === b.length &&
    a.every((item, index) => {
      const other = b[index]
      return (
        other !== undefined &&
        item.description === other.description &&
        Number(item.quantity) === Number(other.quantity) &&
        Number(item.unitPriceCents) === Number(other.unitPriceCents) &&
        Number(item.subtotalCents) === Number(other.subtotalCents)
      )
    })
  )
}

/** Keeps a revision's snapshot as it was issued (invoice_revisions, migration 0021). */
async function recordRevision(
  executor: Kysely<Database>,
  invoiceId: string,
  revision: number,
  issuedAt: Date | string,
  snapshot: InvoiceSnapshot,
): Promise<void> {
  const { enrollmentGuid: _guid, invoiceYear: _year, ...kept } = snapshot
  await executor
    .insertInto('invoice_revisions')
    .values({
      invoice_id: invoiceId,
      revision,
      issued_at: new Date(issuedAt),
      snapshot: JSON.stringify(kept),
    })
    .execute()
}

function normalize(row: InvoiceRecord): InvoiceRecord {
  return {
    ...row,
    revision: Number(row.revision),
    paidCents: row.paidCents === null ? null : Number(row.paidCents),
    voidedAt: row.voidedAt ? new Date(row.voidedAt).toISOString() : null,
    subtotalCents: Number(row.subtotalCents),
    grandTotalCents: Number(row.grandTotalCents),
    issuedAt: new Date(row.issuedAt).toISOString(),
    reissuedAt: row.reissuedAt ? new Date(row.reissuedAt).toISOString() : null,
  }
}

export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>
