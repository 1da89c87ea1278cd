import { REFERENCE_LABEL } from '../../../shared/enrollment/enrollment-reference.js'
import { formatDate } from '../../../shared/format/date-text.js'
import { type MailBlock, type MailContent, renderMail } from './mail-layout.js'

/**
 * The button to a status page and how long it opens it: the receipt and the mails below. The
 * expiry is a time, or its words already written (statusLinkExpiryWords).
 */
export function statusLinkBlocks(url: string, expires: Date | string): MailBlock[] {
  return [
    { paragraph: 'You can see where the enrollment stands at any time on its status page:' },
    { link: { label: 'See the status of the enrollment', url } },
    {
      paragraph: `The link works until ${typeof expires === 'string' ? expires : statusLinkExpiryWords(expires)}. Anyone who has it can see the enrollment's status, so please do not forward it.`,
    },
  ]
}

/** How the mails word the day a status link stops opening its page. */
export function statusLinkExpiryWords(expires: Date): string {
  return formatDate(expires, 'UTC')
}

export interface StatusLinkMailInput {
  brandName: string
  year: number
  reference: string
  /** The dealer's or the LMA's name. */
  enrolledName: string
  url: string
  expires: Date
  /** 'asked': someone asked for it on the "Lost the mail?" page; 'reissued': the program office replaced the old links. */
  reason: 'asked' | 'reissued'
  supportEmail: string
  supportPhone: string
}

/** A status link mailed on its own: asked for on the "Lost the mail?" page, or re-issued. */
export function statusLinkMail(input: StatusLinkMailInput): MailContent {
  const program = `${input.year} ${input.brandName} Dealer Funded POS Program`
  const why =
    input.reason === 'asked'
      ? 'Someone asked for the status page links of the enrollments that carry this email address. If it was not you, you can ignore this mail: the links open only the status of the enrollment.'
      : 'The program office replaced the links to the status page of this enrollment: earlier links no longer open it.'
  return renderMail(
    `The status page of your ${program} enrollment for ${input.enrolledName}`,
    'Enrollment status',
    [
      { paragraph: why },
      {
        facts: [
          [REFERENCE_LABEL, input.reference],
          ['Enrollment', input.enrolledName],
        ],
      },
      ...statusLinkBlocks(input.url, input.expires),
    ],
    `Program office: ${input.supportEmail} or ${input.supportPhone}.`,
  )
}
