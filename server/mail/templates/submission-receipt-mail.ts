import { REFERENCE_LABEL } from '../../../shared/domain/enrollment-reference.js'
import { type MailContent, renderMail } from './mail-layout.js'
import { statusLinkBlocks } from './status-link-mail.js'

export interface SubmissionReceiptInput {
  brandName: string
  year: number
  /** The reference the submitter can quote to the program office (never the enrollment's id). */
  reference: string
  type: 'Dealer' | 'Lma'
  status: 'Approving' | 'Authorizing' | 'Declined'
  /** The enrollment's status page (its own capability, never the authorization link). */
  statusUrl: string
  statusLinkExpires: Date
  supportEmail: string
  supportPhone: string
}

/**
 * Tells whoever filled in a public form that the submission arrived, with a reference to quote
 * and the link to the enrollment's status page. It carries no text the submitter typed (the form
 * names the address it goes to, which may be anyone's), and never the authorization link: that
 * goes only to an LMA's authorized representative.
 */
export function submissionReceiptMail(input: SubmissionReceiptInput): MailContent {
  const program = `${input.year} ${input.brandName} Dealer Funded POS Program`
  return renderMail(
    `Your ${program} enrollment was received (reference ${input.reference})`,
    'Enrollment received',
    [
      { paragraph: 'Hello,' },
      {
        paragraph: `We received a ${program} enrollment that gives this address as its contact. The status page shows what was enrolled.`,
      },
      {
        facts: [
          [REFERENCE_LABEL, input.reference],
          ['Enrollment', input.type === 'Lma' ? 'LMA' : 'Dealer'],
        ],
      },
      { paragraph: nextStep(input.status, input.year) },
      ...statusLinkBlocks(input.statusUrl, input.statusLinkExpires),
      { paragraph: 'Please quote the reference when you contact the program office about it.' },
    ],
    `Program office: ${input.supportEmail} or ${input.supportPhone}.`,
  )
}

function nextStep(status: SubmissionReceiptInput['status'], year: number): string {
  if (status === 'Authorizing') {
    return 'The authorized representative named in the enrollment has been sent an email asking for final approval. The program office reviews the enrollment once it is authorized.'
  }
  if (status === 'Declined') {
    return `The dealership has been opted out of the ${year} program: no kits will be shipped and there will be no bill for ${year}.`
  }
  return 'The program office reviews the enrollment and sends a confirmation email once it has been accepted.'
}
