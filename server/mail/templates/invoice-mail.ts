import { REFERENCE_LABEL } from '../../../shared/enrollment/enrollment-reference.js'
import { formatDate } from '../../../shared/format/date-text.js'
import { formatMoney } from '../../../shared/format/money-text.js'
import { PAYMENT_DUE_SENTENCE } from '../../../shared/invoice/invoice.js'
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
  /** A re-approval re-issued the invoice under its number. */
  reissued: boolean
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
  return renderMail(
    `Invoice ${input.invoiceNumber}: ${program}`,
    `Invoice ${input.invoiceNumber}`,
    [
      {
        paragraph: `Attached is invoice ${input.invoiceNumber} for the ${program} enrollment of ${input.lmaName}.`,
      },
      ...(input.reissued
        ? [
            {
              paragraph:
                'The enrollment was changed and approved again: this invoice replaces the one sent earlier under the same number.',
            },
          ]
        : []),
      {
        facts: [
          ['Invoice number', input.invoiceNumber],
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
