import { type Kysely, sql } from 'kysely'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
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
  reissuedAt: string | null
  /** YYYY-MM-DD the payment arrived, as an administrator recorded it; null while unpaid. */
  paidOn: string | null
  paymentReference: string | null
}

/** What an invoice's payment is checked against and changes (YYYY-MM-DD dates). */
export interface InvoicePaymentState {
  invoiceNumber: string
  /** The program year of the invoice. */
  year: number
  invoiceDate: string
  paidOn: string | null
  reference: string | null
}

const COLUMNS = sql`enrollment_guid as "enrollmentGuid",
  enrollment_reference as "enrollmentReference", invoice_number as "invoiceNumber",
  invoice_year as "invoiceYear", to_char(invoice_date, 'YYYY-MM-DD') as "invoiceDate", terms, brand,
  brand_name as "brandName", lma_name as "lmaName", bill_to_email as "billToEmail",
  bill_to as "billTo", remit_to as "remitTo", items, subtotal_cents as "subtotalCents",
  grand_total_cents as "grandTotalCents", issued_at as "issuedAt", reissued_at as "reissuedAt",
  to_char(paid_on, 'YYYY-MM-DD') as "paidOn", payment_reference as "paymentReference"`

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

    /**
     * Stores the snapshot: a first issue takes the year's next number; a re-issue after a
     * re-approval keeps its number and replaces the content.
     */
    async issue(executor: Kysely<Database>, snapshot: InvoiceSnapshot): Promise<InvoiceRecord> {
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
      if (existing) {
        await executor
          .updateTable('invoices')
          .set({ ...values, reissued_at: sql`now()` })
          .where('id', '=', existing.id)
          .execute()
      } else {
        const number = await nextNumber(executor, snapshot.invoiceYear)
        await executor
          .insertInto('invoices')
          .values({ ...values, enrollment_guid: snapshot.enrollmentGuid, invoice_number: number })
          .execute()
      }
      const stored = await this.findByEnrollment(snapshot.enrollmentGuid, executor)
      if (!stored) throw new Error('The invoice vanished inside its own transaction')
      return stored
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
        }
      )
    },

    /** Records the payment of an enrollment's invoice (both null: unpaid). */
    async setPayment(
      executor: Kysely<Database>,
      guid: string,
      payment: { paidOn: string | null; reference: string | null },
    ): Promise<void> {
      await executor
        .updateTable('invoices')
        .set({ paid_on: payment.paidOn, payment_reference: payment.reference })
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
        .set({ issued_at: dates.issuedAt, paid_on: dates.paidOn })
        .where('enrollment_guid', '=', guid)
        .execute()
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

function normalize(row: InvoiceRecord): InvoiceRecord {
  return {
    ...row,
    subtotalCents: Number(row.subtotalCents),
    grandTotalCents: Number(row.grandTotalCents),
    issuedAt: new Date(row.issuedAt).toISOString(),
    reissuedAt: row.reissuedAt ? new Date(row.reissuedAt).toISOString() : null,
  }
}

export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>
