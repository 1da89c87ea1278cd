import type { Kysely } from 'kysely'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import { invoiceItems } from '../../shared/enrollment/pricing.js'
import { brandDisplayName } from '../../shared/format/brand-name.js'
import { INVOICE_TERMS, programToday } from '../../shared/invoice/invoice.js'
import type { Config } from '../config/config.js'
import type { Database } from '../db/schema.js'
import type { InvoiceRepository, IssueOutcome } from './invoice-repository.js'

/** What an invoice is drawn from: a stored enrollment, which has its reference. */
type InvoicedEnrollment = Pick<
  Enrollment,
  'guid' | 'year' | 'brand' | 'type' | 'lma' | 'dealers'
> & {
  reference: string
}

/**
 * Issues the invoice of an LMA enrollment, or revises it under the same number
 * (docs/product.md#invoices), in the transaction of the approval or the edit: `changed` says
 * what a revision takes (see the repository's `issue`).
 */
export async function issueInvoice(
  invoices: InvoiceRepository,
  trx: Kysely<Database>,
  config: Pick<Config, 'BRANDS' | 'REMIT_TO'>,
  enrollment: InvoicedEnrollment,
  changed: 'bill' | 'owed' = 'bill',
  today = new Date(),
): Promise<IssueOutcome> {
  const lma = enrollment.lma
  if (enrollment.type !== 'Lma' || !lma) throw new Error('Only LMA enrollments are invoiced')
  const priced = invoiceItems(enrollment.dealers)
  return invoices.issue(
    trx,
    {
      enrollmentGuid: enrollment.guid,
      enrollmentReference: enrollment.reference,
      invoiceYear: enrollment.year,
      invoiceDate: programToday(today),
      terms: INVOICE_TERMS,
      brand: enrollment.brand,
      brandName: brandDisplayName(config.BRANDS, enrollment.brand),
      lmaName: lma.name,
      billToEmail: lma.emailAddress,
      billTo: [
        lma.name,
        `Attn: ${lma.contact}`,
        lma.address,
        `${lma.city}, ${lma.state} ${lma.postal}`,
        lma.emailAddress,
      ],
      remitTo: config.REMIT_TO,
      items: priced.items.map((item) => ({
        description: item.description,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
        subtotalCents: item.subtotalCents,
      })),
      subtotalCents: priced.subtotalCents,
      grandTotalCents: priced.grandTotalCents,
    },
    changed,
  )
}
