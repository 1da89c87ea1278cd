import { REFERENCE_LABEL } from '../../../shared/domain/enrollment-reference.js'
import { formatDate } from '../../../shared/format/date-text.js'
import { formatMoney } from '../../../shared/format/money-text.js'
import { invoiceName, PAYMENT_DUE_SENTENCE } from '../../../shared/invoice/invoice.js'
import { type MailContent, renderMail } from './mail-layout.js'

export interface InvoiceMailInput {
  invoiceNumber: string
  /** ISO date, YYYY-MM-DD. */
  invoiceDate: string
  terms: string
  year: number
  brandName: string
  lmaName: string
  /** The enrollment's reference; null on an invoice that does not know it. */
  enrollmentReference: string | null
  items: Array<{
    description: string
    quantity: number
    unitPriceCents: number
    subtotalCents: number
  }>
  grandTotalCents: number
  remitTo: string[]
  /** The revision mailed: 1 when issued, n+1 at each revision (docs/product.md#invoices). */
  revision: number
  /** The revision it replaces; null for revision 1. */
  replaces: { revision: number; invoiceDate: string; grandTotalCents: number } | null
  supportEmail: string
  supportPhone: string
}

/** Sends the LMA its invoice (the PDF goes along as an attachment). */
export function invoiceMail(input: InvoiceMailInput): MailContent {
  const program = `${input.year} ${input.brandName} Dealer Funded POS Program`
  const itemFacts = input.items
    .filter((item) => item.quantity > 0)
    .map((item): [string, string] => [
      item.description,
      `${item.quantity} × ${formatMoney(item.unitPriceCents)} = ${formatMoney(item.subtotalCents)}`,
    ])
  const named = invoiceName(input.invoiceNumber, input.revision)
  const { replaces } = input
  return renderMail(
    `${named}: ${program}`,
    named,
    [
      {
        paragraph: `Attached is ${named.replace('Invoice', 'invoice')} for the ${program} enrollment of ${input.lmaName}.`,
      },
      ...(replaces
        ? [
            {
              paragraph: `The enrollment was changed: this revision replaces revision ${replaces.revision} of ${formatDate(replaces.invoiceDate)} (total ${formatMoney(replaces.grandTotalCents)}), under the same number. Please pay this revision’s total; a payment already made counts toward it.`,
            },
          ]
        : []),
      {
        facts: [
          ['Invoice number', input.invoiceNumber],
          ...(input.revision > 1 ? [['Revision', String(input.revision)] as [string, string]] : []),
          ['Date', formatDate(input.invoiceDate)],
          ['Terms', input.terms],
          ...(input.enrollmentReference
            ? [[REFERENCE_LABEL, input.enrollmentReference] as [string, string]]
            : []),
          ['LMA', input.lmaName],
          ...itemFacts,
          ['Total due', formatMoney(input.grandTotalCents)],
        ],
      },
      { paragraph: PAYMENT_DUE_SENTENCE },
      { lines: { heading: 'Remit payment to', lines: input.remitTo } },
    ],
    `Questions? Contact the program office at ${input.supportEmail} or ${input.supportPhone}.`,
  )
}
