import { z } from 'zod'

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
  })
  .meta({ id: 'Invoice' })
