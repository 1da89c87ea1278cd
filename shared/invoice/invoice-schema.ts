import { z } from 'zod'
import { INVOICE_STANDINGS, VOID_CAUSES } from '../domain/invoice-standings.js'

const money = z.number().describe('Dollars, computed from whole cents.')

/** An issued invoice as the API answers it. */
export const invoiceSchema = z
  .object({
    guid: z.uuid().describe('The enrollment the invoice bills.'),
    enrollmentReference: z
      .string()
      .nullable()
      .describe(
        'That enrollment’s reference (XXXX-XXXX-XXXX) as the invoice was issued; null on an invoice whose enrollment was deleted before invoices kept it.',
      ),
    invoiceNumber: z.string(),
    invoiceDate: z.iso.date().describe('The date of the approval.'),
    invoiceTerms: z.string(),
    invoiceYear: z.int(),
    invoiceBrand: z.string(),
    billTo: z.object({ lines: z.array(z.string()) }),
    remitTo: z.object({ lines: z.array(z.string()) }),
    items: z
      .array(
        z.object({
          quantity: z.int(),
          description: z.string(),
          unitPrice: money,
          subtotal: money,
        }),
      )
      .describe('Only items with a quantity above 0.'),
    subtotal: money,
    grandTotal: money,
    revision: z
      .int()
      .describe(
        'The revision shown: 1 when issued, n+1 each time a change revised it (same number).',
      ),
    standing: z
      .enum(INVOICE_STANDINGS)
      .describe(
        'live; under-revision while the enrollment is sent back or awaits approval again (still due); void once it was declined or deleted (nothing due).',
      ),
    voided: z
      .object({
        on: z.iso.datetime(),
        cause: z.enum(VOID_CAUSES),
        reason: z.string().nullable().describe('The office’s reason given with the decline.'),
      })
      .nullable()
      .describe('When and why it was voided; null while live.'),
    revisions: z
      .array(z.object({ revision: z.int(), invoiceDate: z.iso.date(), grandTotal: money }))
      .describe(
        'Every revision, the first first; the last is this one. invoiceDate: the day each was issued (the invoice’s own date and terms stay the first’s).',
      ),
  })
  .meta({ id: 'Invoice' })

/**
 * An invoice's payment state (docs/product.md#invoices): the payment panel's, and without its
 * reference the enrollee's status page's.
 */
export const paymentSchema = z
  .object({
    invoiceNumber: z.string(),
    invoiceDate: z.iso.date(),
    dueDate: z.iso.date(),
    grandTotal: z.number(),
    paidOn: z.iso.date().nullable(),
    reference: z.string().nullable(),
    overdue: z.boolean().describe('Unpaid past its due date; never for a void invoice.'),
    revision: z.int(),
    standing: z.enum(INVOICE_STANDINGS),
    voidCause: z.enum(VOID_CAUSES).nullable(),
    creditDueBack: z
      .number()
      .nullable()
      .describe(
        'Owed back to the LMA (dollars): what it paid on an invoice now void, or above the total of one revised downwards; else null.',
      ),
    paidAmount: z
      .number()
      .nullable()
      .describe(
        'What the recorded payment paid (dollars): the total when it was recorded; null while unpaid.',
      ),
    balance: z
      .number()
      .describe(
        'What is still due (dollars): the total, less a payment recorded; 0 when paid in full or void.',
      ),
  })
  .meta({ id: 'InvoicePaymentState' })
