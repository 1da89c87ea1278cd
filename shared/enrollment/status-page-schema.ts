import { z } from 'zod'
import { ENROLLMENT_STATUSES, ENROLLMENT_TYPES } from '../domain/enrollment-choices.js'
import { VOID_CAUSES } from '../domain/invoice-standings.js'
import { TIMELINE_EVENTS } from '../domain/timeline-events.js'
import { invoiceSchema, paymentSchema } from '../invoice/invoice-schema.js'
import { enrollmentSentBackSchema } from './enrollment-wire-schema.js'
import { MAX_LENGTH } from './field-limits.js'
import { LOST_LINK_ANSWER } from './status-page.js'
import { EMAIL_PATTERN } from './text-fields.js'
import { lengthMessage, MESSAGES } from './validation-messages.js'

/**
 * The enrollee's status page (docs/product.md#status-page), opened by a status link's token: one
 * enrollment and nothing else. Its figures are counted by the program's one definition
 * (program-figures.ts); its words are shared/format/status-words.ts's.
 */

export { LOST_LINK_ANSWER }

/**
 * A status link's token (43 base64url characters, server/capability/capability-token.ts). One of
 * another shape answers as an unknown one does (404), never differently.
 */
export const statusTokenParams = z.object({
  token: z.string().meta({ description: 'The token of a status link.' }),
})

/** The invoice's payment state as the enrollee sees it (the office's reference left out). */
export const statusInvoiceSchema = paymentSchema
  .omit({ reference: true })
  .meta({ id: 'StatusPageInvoice' })

/**
 * A sales event of the enrollment's brand and year, and what shipped for it: per dealer its
 * packages (none yet: 'Not shipped yet; ships by {date}'). Only what the status link may show
 * (docs/security.md#capabilities): the event's name and dates, BAC, dealer name, carrier,
 * tracking number, shipped date; no address, no id.
 */
export const statusSalesEventSchema = z
  .object({
    name: z.string(),
    shipBy: z.iso.date(),
    inStoreFrom: z.iso.date(),
    inStoreTo: z.iso.date(),
    dealers: z.array(
      z.object({
        bac: z.string(),
        name: z.string(),
        shipments: z.array(
          z.object({ carrier: z.string(), trackingNumber: z.string(), shippedOn: z.iso.date() }),
        ),
      }),
    ),
  })
  .meta({ id: 'StatusPageSalesEvent' })
export type StatusSalesEvent = z.output<typeof statusSalesEventSchema>

export const statusPageSchema = z
  .object({
    reference: z.string(),
    type: z.enum(ENROLLMENT_TYPES),
    brand: z.string(),
    year: z.int(),
    /** The LMA's name, or the dealer's. */
    name: z.string(),
    status: z.enum(ENROLLMENT_STATUSES),
    /** The authorized representative's name: whom an Authorizing enrollment waits for. */
    representative: z.string(),
    /**
     * A Declined enrollment's reason, when the program office chose to show it to the enrollee;
     * null otherwise (and for every other status). Plain text, never markup.
     */
    declineReason: z.string().nullable(),
    dealers: z.array(z.object({ bac: z.string(), name: z.string(), kits: z.int() })),
    /** Dealers covered and kits ordered, counted as every screen counts them. */
    dealerCount: z.int(),
    kitCount: z.int(),
    /**
     * When and why the program office sent the enrollment back to its representative, while it
     * waits for their authorization (in the authorization view's words); null otherwise.
     */
    sentBack: enrollmentSentBackSchema.nullable(),
    timeline: z.array(z.object({ event: z.enum(TIMELINE_EVENTS), at: z.string() })),
    /**
     * An LMA's invoice and whether it is paid: live, under revision while sent back or awaiting
     * approval again, or void (docs/product.md#invoices); null for a dealer or an LMA never invoiced.
     */
    invoice: statusInvoiceSchema.nullable(),
    /**
     * The sales events of the enrollment's brand and year, by ship-by date, with each dealer's
     * shipments (docs/product.md#status-page): every event while its kits ship (Approved, or sent
     * back after approval), otherwise only the events something shipped for; none before.
     */
    salesEvents: z.array(statusSalesEventSchema),
    /** When this link stops opening the page. */
    linkExpiresAt: z.iso.datetime(),
  })
  .meta({ id: 'EnrollmentStatusPage' })
export type StatusPage = z.output<typeof statusPageSchema>

/**
 * The invoice as the status link shows it: the invoice as issued, without the guid of the
 * enrollment it bills. That guid is the authorization link, which opens every contact and lets
 * its holder authorize (docs/security.md#capabilities): a status link never yields it.
 */
export const statusLinkInvoiceSchema = invoiceSchema
  .omit({ guid: true })
  .extend({
    voided: z
      .object({ on: z.iso.datetime(), cause: z.enum(VOID_CAUSES) })
      .nullable()
      .describe(
        'When and why it was voided (the office’s reason only as the page’s declineReason, where shared); null while live.',
      ),
  })
  .meta({ id: 'StatusLinkInvoice' })

/** The invoice through a status link: the invoice document and its payment state. */
export const statusPageInvoiceSchema = z
  .object({ invoice: statusLinkInvoiceSchema, payment: statusInvoiceSchema })
  .meta({ id: 'StatusPageInvoiceDocument' })
export type StatusPageInvoice = z.output<typeof statusPageInvoiceSchema>

/** "Lost the mail?": the address to send the links to. */
export const lostStatusLinkBody = z.strictObject({
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, MESSAGES.emailRequired)
    .max(MAX_LENGTH.emailAddress, lengthMessage(MAX_LENGTH.emailAddress))
    .regex(EMAIL_PATTERN, MESSAGES.emailInvalid),
})

export const lostStatusLinkAnswerSchema = z
  .object({ message: z.literal(LOST_LINK_ANSWER) })
  .meta({ id: 'LostStatusLinkAnswer' })

/** What the office's re-issue answers: to whom the new link went, and until when it opens. */
export const reissuedStatusLinkSchema = z
  .object({ sentTo: z.string(), expiresAt: z.iso.datetime() })
  .meta({ id: 'ReissuedStatusLink' })

export type LostStatusLinkAnswer = z.output<typeof lostStatusLinkAnswerSchema>
export type ReissuedStatusLink = z.output<typeof reissuedStatusLinkSchema>
