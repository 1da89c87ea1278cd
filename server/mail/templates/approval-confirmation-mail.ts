import { REFERENCE_LABEL } from '../../../shared/domain/enrollment-reference.js'
import type { InvoiceItemsCents } from '../../../shared/enrollment/pricing.js'
import { formatMoney } from '../../../shared/format/money-text.js'
import { PAYMENT_DUE_SENTENCE } from '../../../shared/invoice/invoice.js'
import { type MailContent, renderMail } from './mail-layout.js'

export interface ApprovalConfirmationInput {
  brandName: string
  year: number
  type: 'Lma' | 'Dealer'
  /** The LMA's name, or the dealer's. */
  enrolleeName: string
  /** The enrollment's reference (XXXX-XXXX-XXXX), as the receipt gave it to quote. */
  reference: string
  authName: string
  /** Dealer enrollments: the BAC and how the kits are paid. */
  bac?: string
  billing?: string
  dealerCount: number
  kits: InvoiceItemsCents
  supportEmail: string
  supportPhone: string
}

const BILLING_TEXT: Record<string, string> = {
  ImrFunds: 'charged to the Open Parts account using iMR funds, refunded later as a credit',
  OpenParts: 'billed to the Open Parts account',
}

/** Tells the authorized representative that the enrollment was approved, with its kits and costs. */
export function approvalConfirmationMail(input: ApprovalConfirmationInput): MailContent {
  const program = `${input.year} ${input.brandName} Dealer Funded POS Program`
  const kitFacts = input.kits.items
    .filter((item) => item.quantity > 0)
    .map((item): [string, string] => [
      item.description,
      `${item.quantity} × ${formatMoney(item.unitPriceCents)} = ${formatMoney(item.subtotalCents)}`,
    ])
  const facts: Array<[string, string]> = [
    [REFERENCE_LABEL, input.reference],
    [input.type === 'Lma' ? 'LMA' : 'Dealer', input.enrolleeName],
    ...(input.bac ? [['BAC', input.bac] as [string, string]] : []),
    ...(input.type === 'Lma'
      ? [['Participating dealers', String(input.dealerCount)] as [string, string]]
      : []),
    ...kitFacts,
    ['Total per year', formatMoney(input.kits.grandTotalCents)],
  ]
  const payment =
    input.type === 'Lma'
      ? `An invoice follows separately. ${PAYMENT_DUE_SENTENCE}`
      : `The kits are ${BILLING_TEXT[input.billing ?? ''] ?? 'billed as chosen on the enrollment form'}.`
  return renderMail(
    `Your ${program} enrollment for ${input.enrolleeName} is approved`,
    'Enrollment approved',
    [
      { paragraph: `Dear ${input.authName},` },
      {
        paragraph: `The ${program} enrollment for ${input.enrolleeName} has been approved. The kits for the sales events of the next 12 months will be shipped as listed below.`,
      },
      { facts },
      { paragraph: payment },
    ],
    `Questions? Contact the program office at ${input.supportEmail} or ${input.supportPhone}.`,
  )
}
