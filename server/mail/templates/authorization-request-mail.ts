import { REFERENCE_LABEL } from '../../../shared/enrollment/enrollment-reference.js'
import { formatDate } from '../../../shared/format/date-text.js'
import { PAYMENT_DUE_SENTENCE } from '../../../shared/invoice/invoice.js'
import { type MailContent, renderMail } from './mail-layout.js'

export interface AuthorizationRequestInput {
  brandName: string
  year: number
  lmaName: string
  /** The enrollment's reference (XXXX-XXXX-XXXX), as the receipt gave it to quote. */
  reference: string
  authName: string
  agencyName: string
  contact: string
  dealerCount: number
  url: string
  supportEmail: string
  supportPhone: string
  again?: boolean
  /** An automatic reminder names the day of the request it follows up. */
  requestedAt?: Date | undefined
}

/** Asks the LMA's authorized representative to review and authorize an enrollment. */
export function authorizationRequestMail(input: AuthorizationRequestInput): MailContent {
  const subject = `${input.again ? 'Reminder: please' : 'Please'} authorize the ${input.year} ${input.brandName} Dealer Funded POS Program enrollment for ${input.lmaName}`
  return renderMail(
    subject,
    'Authorization requested',
    [
      { paragraph: `Dear ${input.authName},` },
      {
        paragraph: `${input.contact} of ${input.agencyName} has submitted the ${input.year} ${input.brandName} Dealer Funded POS Program enrollment for ${input.lmaName} and named you as its authorized representative.`,
      },
      ...(input.requestedAt
        ? [
            {
              paragraph: `The program office asked you on ${formatDate(input.requestedAt, 'UTC')} to authorize it and has not received your authorization yet.`,
            },
          ]
        : []),
      {
        paragraph: `Please review the enrollment, make any changes it needs, then scroll down and click Authorize. ${PAYMENT_DUE_SENTENCE}`,
      },
      { link: { label: 'Review and authorize the enrollment', url: input.url } },
      {
        facts: [
          [REFERENCE_LABEL, input.reference],
          ['LMA', input.lmaName],
          ['Agency of Record', input.agencyName],
          ['Participating dealers', String(input.dealerCount)],
        ],
      },
    ],
    `Questions? Contact the program office at ${input.supportEmail} or ${input.supportPhone}.`,
  )
}
