import { REFERENCE_LABEL } from '../../../shared/domain/enrollment-reference.js'
import { type MailContent, renderMail } from './mail-layout.js'

export interface RepresentativeChangedInput {
  brandName: string
  year: number
  lmaName: string
  /** The enrollment's reference (XXXX-XXXX-XXXX), as the receipt gave it to quote. */
  reference: string
  previousName: string
  newName: string
  newEmail: string
  supportEmail: string
  supportPhone: string
}

/**
 * Tells the previous authorized representative that an authorization named someone else, so a
 * representative who was replaced without knowing it can tell the program office.
 */
export function representativeChangedMail(input: RepresentativeChangedInput): MailContent {
  return renderMail(
    `The authorized representative of ${input.lmaName} was changed`,
    'Authorized representative changed',
    [
      { paragraph: `Dear ${input.previousName},` },
      {
        paragraph: `The ${input.year} ${input.brandName} Dealer Funded POS Program enrollment for ${input.lmaName} was authorized, and this address is no longer the authorized representative's. The authorization names:`,
      },
      {
        facts: [
          [REFERENCE_LABEL, input.reference],
          ['Authorized representative', `${input.newName} <${input.newEmail}>`],
        ],
      },
      {
        paragraph:
          'If you expected this change, there is nothing to do. If you did not, please contact the program office at once.',
      },
    ],
    `Program office: ${input.supportEmail} or ${input.supportPhone}.`,
  )
}
