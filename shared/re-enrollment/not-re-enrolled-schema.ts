import { z } from 'zod'
import { ENROLLMENT_TYPES } from '../domain/enrollment-choices.js'

/** `GET /api/re-enrollment` (docs/product.md#not-yet-re-enrolled). */
export const notReEnrolledItemSchema = z
  .object({
    guid: z.uuid().describe('Last year’s enrollment.'),
    reference: z.string().describe('Last year’s enrollment’s reference (XXXX-XXXX-XXXX).'),
    type: z.enum(ENROLLMENT_TYPES),
    brand: z.string(),
    bac: z.string().describe('The dealer’s BAC; blank for an LMA.'),
    name: z.string(),
    regionId: z.int().nullable(),
    city: z.string(),
    state: z.string(),
    contactName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
    kits: z
      .object({
        dealers: z.int(),
        large: z.int(),
        small: z.int(),
        withHispanic: z.int(),
        hispanicOnly: z.int(),
      })
      .describe('Last year’s kit mix: dealer rows, kit sizes, Hispanic options.'),
    invitedAt: z.iso.datetime().nullable().describe('When an invitation was last sent.'),
    invitations: z.int(),
  })
  .meta({ id: 'NotReEnrolled' })

export const notReEnrolledSchema = z
  .object({
    year: z
      .int()
      .describe('The year they have not enrolled in; they were approved the year before.'),
    invitable: z.boolean().describe('Invitations go out only to enroll in the enrollment year.'),
    items: z.array(notReEnrolledItemSchema),
  })
  .meta({ id: 'NotReEnrolledList' })

export const invitationResultSchema = z
  .object({
    sent: z.int(),
    invited: z.array(z.uuid()).describe('The enrollments whose invitation was sent.'),
    skipped: z
      .int()
      .describe(
        'Enrolled meanwhile, invited in the last 24 hours, or not an approved enrollment of last year.',
      ),
    notSent: z
      .object({
        invitedRecently: z.int().describe('Invited in the last 24 hours.'),
        notListed: z
          .int()
          .describe(
            'No longer on the list: enrolled meanwhile, or not an approved enrollment of last year.',
          ),
        noAddress: z.int().describe('Without a contact email address.'),
        demo: z.int().describe('Demo data, which is never mailed through a mail server.'),
      })
      .describe('The skipped, by why each was not sent.'),
  })
  .meta({ id: 'InvitationResult' })

export type NotReEnrolled = z.output<typeof notReEnrolledItemSchema>
export type NotReEnrolledList = z.output<typeof notReEnrolledSchema>
export type InvitationResult = z.output<typeof invitationResultSchema>

/** The history's words for an invitation (docs/product.md#history). */
export const INVITATION_ACTION = 'Re-enrollment invitation sent'

export {
  INVITATION_PAUSE_HOURS,
  NOT_SENT_REASONS,
  type NotSentReason,
} from './invitation-rules.js'
