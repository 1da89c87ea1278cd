import { REFERENCE_LABEL } from '../../../shared/domain/enrollment-reference.js'
import { formatDate } from '../../../shared/format/date-text.js'
import { type MailBlock, type MailContent, renderMail } from './mail-layout.js'

/**
 * The button to a status page and how long it opens it: the receipt and the mails below. The
 * expiry is a time, or its words already written (statusLinkExpiryWords).
 */
export function statusLinkBlocks(url: string, expires: Date): MailBlock[] {
  return [
    { paragraph: 'You can see where the enrollment stands at any time on its status page:' },
    { link: { label: 'See the status of the enrollment', url } },
    {
      paragraph: `The link works until ${statusLinkExpiryWords(expires)}. Anyone who has it can see the enrollment's status, so please do not forward it.`,
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
  supportEmail: string
  supportPhone: string
}

/** The status link the program office re-issued (its earlier links revoked). */
export function statusLinkMail(input: StatusLinkMailInput): MailContent {
  const program = `${input.year} ${input.brandName} Dealer Funded POS Program`
  const why =
    'The program office replaced the links to the status page of this enrollment: earlier links no longer open it.'
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

export interface LostLinksMailInput {
  year: number
  /** Each enrollment of the year that carries the address: its reference and its new link. */
  links: Array<{ reference: string; url: string; expires: Date }>
  supportEmail: string
  supportPhone: string
}

/**
 * "Lost the mail?": one mail with a new status link of each enrollment of the year that carries
 * the address, newest first. Anyone may type an address, so it names no text a submitter typed:
 * the references and the program's words only.
 */
export function lostLinksMail(input: LostLinksMailInput): MailContent {
  const program = `${input.year} Dealer Funded POS Program`
  const one = input.links.length === 1
  return renderMail(
    one
      ? `The status page of your ${program} enrollment`
      : `The status pages of your ${program} enrollments`,
    'Enrollment status',
    [
      {
        paragraph:
          'Someone asked for the status page links of the enrollments that carry this email address. If it was not you, you can ignore this mail: the links open only the status of each enrollment. Each link replaces the one an earlier mail to this address carried.',
      },
      ...input.links.flatMap((link): MailBlock[] => [
        { facts: [[REFERENCE_LABEL, link.reference]] },
        { link: { label: `See the status of enrollment ${link.reference}`, url: link.url } },
        {
          paragraph: `This link works until ${statusLinkExpiryWords(link.expires)}.`,
        },
      ]),
      {
        paragraph:
          "Anyone who has these links can see the enrollments' status, so please do not forward them.",
      },
    ],
    `Program office: ${input.supportEmail} or ${input.supportPhone}.`,
  )
}
