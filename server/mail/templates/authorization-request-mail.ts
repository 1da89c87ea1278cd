import { REFERENCE_LABEL } from '../../../shared/domain/enrollment-reference.js'
import { formatDate } from '../../../shared/format/date-text.js'
import { PAYMENT_DUE_SENTENCE } from '../../../shared/invoice/invoice.js'
import { type MailContent, renderMail } from './mail-layout.js'

export interface AuthorizationRequestInput {
  brandName: string
  year: number
  /** The enrollment's reference (XXXX-XXXX-XXXX), as the receipt gave it to quote. */
  reference: string
  /**
   * The LMA and its people, named only in a request the program office sends (Re-authorize): a
   * request a public submission causes carries no text the submitter typed.
   */
  named?: { lmaName: string; authName: string; agencyName: string; contact: string } | undefined
  dealerCount: number
  /**
   * The program office sent the enrollment back (Re-authorize): the mail says so, with the
   * office's reason when it gave one. A reminder (`requestedAt`) is not a send-back.
   */
  sentBack?: { reason: string | undefined } | undefined
  url: string
  supportEmail: string
  supportPhone: string
  again?: boolean
  /** An automatic reminder names the day of the request it follows up. */
  requestedAt?: Date | undefined
}

/** Asks the LMA's authorized representative to review and authorize an enrollment. */
export function authorizationRequestMail(input: AuthorizationRequestInput): MailContent {
  const program = `${input.year} ${input.brandName} Dealer Funded POS Program`
  const { named } = input
  const enrollment = named
    ? `the ${program} enrollment for ${named.lmaName}`
    : `the ${program} enrollment ${input.reference}`
  const subject = input.sentBack
    ? `Sent back by the program office: please review and authorize ${enrollment} again`
    : `${input.again ? 'Reminder: please' : 'Please'} authorize ${enrollment}`
  const reason = input.sentBack?.reason?.trim()
  return renderMail(
    subject,
    'Authorization requested',
    [
      { paragraph: named ? `Dear ${named.authName},` : 'Hello,' },
      {
        paragraph: named
          ? `${named.contact} of ${named.agencyName} has submitted ${enrollment} and named you as its authorized representative.`
          : `An LMA enrollment in the ${program} names you as its authorized representative. The link below shows the LMA, its agency of record and who submitted it.`,
      },
      ...(input.sentBack
        ? [
            {
              paragraph:
                'The program office sent this enrollment back to you to review and authorize again.',
            },
            ...(reason ? [{ paragraph: `Their reason: ${reason}` }] : []),
          ]
        : []),
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
          ...(named
            ? ([
                ['LMA', named.lmaName],
                ['Agency of Record', named.agencyName],
              ] as Array<[string, string]>)
            : []),
          ['Participating dealers', String(input.dealerCount)],
        ],
      },
    ],
    `Questions? Contact the program office at ${input.supportEmail} or ${input.supportPhone}.`,
  )
}
