import { type MailContent, renderMail } from './mail-layout.js'

export interface ReEnrollmentInvitationInput {
  brandName: string
  /** The year to enroll in. */
  year: number
  /** Its enrollment deadline as the pages show it ('Feb 7, 2026'). */
  deadline: string
  type: 'Dealer' | 'Lma'
  /** The dealership or LMA as enrolled last year. */
  enrolledName: string
  recipientName: string
  /** The public form of the brand for this type. */
  url: string
  supportEmail: string
  supportPhone: string
}

/** Invites last year's approved dealer or LMA to enroll again (docs/product.md#mails). */
export function reEnrollmentInvitationMail(input: ReEnrollmentInvitationInput): MailContent {
  const program = `${input.year} ${input.brandName} Dealer Funded POS Program`
  const subject = `Enroll ${input.enrolledName} in the ${program}`
  const form = input.type === 'Lma' ? 'LMA Enrollment Form' : 'Dealer Enrollment Form'
  const hint =
    input.type === 'Lma'
      ? `Type the LMA's name on the form to fill it in from last year's enrollment, dealers included.`
      : `Type the dealership's BAC on the form to fill it in from last year's enrollment.`
  return renderMail(
    subject,
    'Enrollment is open',
    [
      { paragraph: `Dear ${input.recipientName || 'program participant'},` },
      {
        paragraph: `${input.enrolledName} took part in the ${input.year - 1} program and has not enrolled for ${input.year} yet. Enrollment in the ${program} is open; the enrollment deadline is ${input.deadline}.`,
      },
      { paragraph: hint },
      { link: { label: `Open the ${form}`, url: input.url } },
    ],
    `Questions? Contact the program office at ${input.supportEmail} or ${input.supportPhone}.`,
  )
}
