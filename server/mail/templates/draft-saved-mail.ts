import { formatDate } from '../../../shared/format/date-text.js'
import { type MailContent, renderMail } from './mail-layout.js'

export interface DraftSavedInput {
  brandName: string
  year: number
  type: 'Dealer' | 'Lma'
  /** The link that reopens the saved form: `{PUBLIC_URL}/{brand}/enrollment/{form}?draft={token}`. */
  url: string
  expiresAt: Date
  supportEmail: string
  supportPhone: string
}

/** The link to a form saved to continue later (docs/product.md#save-and-continue-later). */
export function draftSavedMail(input: DraftSavedInput): MailContent {
  const program = `${input.year} ${input.brandName} Dealer Funded POS Program`
  const form = input.type === 'Lma' ? 'LMA Enrollment Form' : 'Dealer Enrollment Form'
  const until = formatDate(input.expiresAt, 'UTC')
  return renderMail(
    `Continue your ${program} enrollment`,
    'Your form is saved',
    [
      {
        paragraph: `Your ${form} for the ${program} was saved, as it was filled in. It has not been submitted yet.`,
      },
      { link: { label: 'Continue the enrollment', url: input.url } },
      {
        paragraph: `The link works until ${until}; after that the saved form is deleted. Saving the form again keeps this link.`,
      },
      {
        paragraph:
          'Anyone who has this link can open the saved form, so please do not forward this email.',
      },
    ],
    `Questions? Contact the program office at ${input.supportEmail} or ${input.supportPhone}.`,
  )
}
