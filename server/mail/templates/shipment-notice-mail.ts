import { REFERENCE_LABEL } from '../../../shared/domain/enrollment-reference.js'
import { type ShipmentFacts, shippedWords } from '../../../shared/shipping/shipment-words.js'
import { type MailContent, renderMail } from './mail-layout.js'

export interface ShipmentNoticeInput {
  brandName: string
  year: number
  type: 'Lma' | 'Dealer'
  /** The enrollment's reference (XXXX-XXXX-XXXX). */
  reference: string
  eventName: string
  /** The dealers that shipped, each with its packages; a dealer enrollment's one. */
  dealers: Array<{ bac: string; name: string; shipments: ShipmentFacts[] }>
  supportEmail: string
  supportPhone: string
}

/**
 * Tells the dealer's authorized representative, or the LMA, that the kits of an event shipped
 * (docs/product.md#shipment-mail): the reference, the event, and each package's carrier and
 * tracking number in the status page's words (shared/shipping/shipment-words.ts). No address.
 */
export function shipmentNoticeMail(input: ShipmentNoticeInput): MailContent {
  const program = `${input.year} ${input.brandName} Dealer Funded POS Program`
  const lma = input.type === 'Lma'
  const packages = input.dealers.map((dealer) => ({
    heading: lma ? `${dealer.bac} ${dealer.name}`.trim() : 'Packages',
    lines: dealer.shipments.map(shippedWords),
  }))
  return renderMail(
    `Your kits for ${input.eventName} have shipped: ${program} enrollment ${input.reference}`,
    'Kits shipped',
    [
      {
        paragraph: lma
          ? `The kits of these dealers for ${input.eventName} have shipped. Each package can be followed on its carrier's site with its tracking number.`
          : `Your kits for ${input.eventName} have shipped. Each package can be followed on its carrier's site with its tracking number.`,
      },
      {
        facts: [
          [REFERENCE_LABEL, input.reference],
          ['Sales event', input.eventName],
        ],
      },
      ...packages.map((lines) => ({ lines })),
    ],
    `Questions? Contact the program office at ${input.supportEmail} or ${input.supportPhone}.`,
  )
}
