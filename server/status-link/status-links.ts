import type { Kysely } from 'kysely'
import { brandDisplayName } from '../../shared/format/brand-name.js'
import type { Staff } from '../auth/auth-plugin.js'
import type { Database } from '../db/schema.js'
import { lockedEnrollment } from '../enrollment/admin-action.js'
import type { EnrollmentContext } from '../enrollment/enrollment-context.js'
import type { StoredEnrollment } from '../enrollment/enrollment-mapping.js'
import { NO_ENROLLMENT_MESSAGE } from '../enrollment/enrollment-scope.js'
import { AppError } from '../http/app-error.js'
import { receiptRecipient, statusUrl, submissionReceiptContent } from '../mail/enrollee-mails.js'
import type { ComposedMail, MailComposers } from '../mail/mail-worker.js'
import { drawnWhenSent } from '../mail/outbox-repository.js'
import { lostLinksMail, statusLinkMail } from '../mail/templates/status-link-mail.js'
import type { MintedStatusLink, StatusLinkRepository } from './status-link-repository.js'

/** The history's words for the office's re-issue (docs/product.md#history). */
export const STATUS_LINK_REISSUED_ACTION = 'Status link re-issued'

/** At most this many enrollments' links in one "Lost the mail?" mail, the newest first. */
export const LOST_LINKS_PER_MAIL = 10

/** What the status link's operations are handed: the enrollment's, and the links' repository. */
export interface StatusLinkContext extends EnrollmentContext {
  statusLinks: StatusLinkRepository
}

/** Why a receipt or re-issue not sent yet was held back by a later re-issue. */
export const REPLACED_BY_REISSUE =
  "Held back: the program office's re-issue replaced the status link this mail would carry."

/** Why a status-link mail was held back: its address is no longer on any enrollment it names. */
export const ADDRESS_GONE =
  'Held back: no enrollment of the year carries this address now (none, or the program office corrected it).'

/**
 * "Lost the mail?" (docs/product.md#lost-the-mail): queues one mail to the address, which the
 * worker draws when it sends it, with a new status link of each enrollment of the program year
 * that carries the address then. Nothing is looked up here, so the answer takes the same time
 * whether or not an enrollment carries the address; the mail spends the daily budgets of the
 * address and of the client that asked.
 */
export async function requestLostStatusLinks(
  context: StatusLinkContext,
  email: string,
  client: string,
): Promise<void> {
  await context.outbox.enqueue(
    context.db,
    drawnWhenSent({
      kind: 'status-link',
      recipient: email,
      compose: { kind: 'lost-links', year: context.config.ENROLLMENT_YEAR },
      budget: { group: 'lost-link', client },
    }),
  )
  // The worker is not woken: it finds the mail at its next look (every 2 s), so the look-up's
  // work never follows the request at once, where the next request's time would show it.
}

/**
 * The office's "Revoke and re-issue status link": under the enrollment's row lock (an enrollment
 * outside the actor's regions answers 404, as one that does not exist), revokes every live link
 * and queues a mail to the receipt's recipient, with a link minted when it is sent, and records
 * it in the history.
 */
export async function reissueStatusLink(
  context: StatusLinkContext,
  guid: string,
  admin: Staff,
): Promise<{ sentTo: string; expiresAt: string }> {
  const answer = await context.db.transaction().execute(async (trx) => {
    const enrollment = await lockedEnrollment(context, trx, guid, admin.scope)
    const recipient = receiptRecipient(enrollment)
    if (!recipient?.email) {
      throw AppError.conflict('This enrollment has no address to send a status link to.')
    }
    await context.statusLinks.revokeAll(trx, guid)
    // A receipt or an earlier re-issue not sent yet would mint a link after this one: held back.
    await context.outbox.holdPending(
      trx,
      guid,
      ['submission-receipt', 'status-link-reissued'],
      REPLACED_BY_REISSUE,
    )
    const expiresAt = await context.statusLinks.expiryOf(trx, guid)
    if (!expiresAt) throw AppError.notFound(NO_ENROLLMENT_MESSAGE)
    await context.outbox.enqueue(
      trx,
      drawnWhenSent({
        kind: 'status-link-reissued',
        enrollmentGuid: guid,
        recipient: recipient.email,
        compose: { kind: 'status-link-reissued', guid },
      }),
    )
    await context.history.record(trx, {
      guid,
      action: STATUS_LINK_REISSUED_ACTION,
      actor: admin.username,
      statusBefore: null,
      statusAfter: null,
      changes: [
        { field: 'mail', before: null, after: `status-link-reissued to ${recipient.email}` },
      ],
    })
    return { sentTo: recipient.email, expiresAt: expiresAt.toISOString() }
  })
  context.mailQueued()
  return answer
}

/**
 * The mail worker's composers of the mails that carry a status link: each link is minted when
 * its mail is sent, in a transaction that holds the enrollment's row lock and first checks that
 * the recipient is still one of the enrollment's addresses (a correction and re-issue that
 * commits meanwhile is seen), and replaces the link an earlier mail to that address carried.
 */
export function statusLinkComposers(
  context: StatusLinkContext,
): Pick<MailComposers, 'submission-receipt' | 'status-link-reissued' | 'lost-links'> {
  const { config } = context
  return {
    'submission-receipt': async ({ guid }, mail) => {
      const drawn = await context.db.transaction().execute(async (trx) => {
        const minted = await mintFor(context, trx, guid, mail, 'submission-receipt')
        if (!minted || 'held' in minted) return minted
        const { enrollment, link } = minted
        return submissionReceiptContent(config, enrollment, {
          token: link.token,
          expires: link.expiresAt,
        })
      })
      return drawn ?? { held: ADDRESS_GONE }
    },

    'status-link-reissued': async ({ guid }, mail) => {
      const drawn = await context.db.transaction().execute(async (trx) => {
        const minted = await mintFor(context, trx, guid, mail, 'status-link-reissued')
        if (!minted || 'held' in minted) return minted
        const { enrollment, link } = minted
        return statusLinkMail({
          brandName: brandDisplayName(config.BRANDS, enrollment.brand),
          year: enrollment.year,
          reference: enrollment.reference,
          enrolledName: receiptRecipient(enrollment)?.enrolled ?? '',
          url: statusUrl(config.PUBLIC_URL, enrollment.brand, link.token),
          expires: link.expiresAt,
          supportEmail: config.SUPPORT_EMAIL,
          supportPhone: config.SUPPORT_PHONE,
        })
      })
      return drawn ?? { held: ADDRESS_GONE }
    },

    'lost-links': async ({ year }, mail): Promise<ComposedMail> => {
      const guids = await context.statusLinks.enrollmentsWithAddress(
        mail.recipient,
        year,
        !config.SMTP_URL,
        LOST_LINKS_PER_MAIL,
      )
      const links: Array<{ reference: string; url: string; expires: Date }> = []
      for (const guid of guids) {
        const minted = await context.db
          .transaction()
          .execute((trx) => mintFor(context, trx, guid, mail, 'lost-links'))
        if (!minted || 'held' in minted) continue
        links.push({
          reference: minted.enrollment.reference,
          url: statusUrl(config.PUBLIC_URL, minted.enrollment.brand, minted.link.token),
          expires: minted.link.expiresAt,
        })
      }
      if (links.length === 0) return { held: ADDRESS_GONE }
      return lostLinksMail({
        year,
        links,
        supportEmail: config.SUPPORT_EMAIL,
        supportPhone: config.SUPPORT_PHONE,
      })
    },
  }
}

/**
 * Under the enrollment's row lock: when the mail's recipient is still one of its addresses and a
 * re-issue has not held the mail back meanwhile, a new link for it (replacing the one an earlier
 * mail of the same kind to it carried) and the enrollment as it is now.
 */
async function mintFor(
  context: StatusLinkContext,
  trx: Kysely<Database>,
  guid: string,
  mail: { id: string; recipient: string },
  mailedAs: 'submission-receipt' | 'status-link-reissued' | 'lost-links',
): Promise<
  { held: string } | { enrollment: StoredEnrollment; link: MintedStatusLink } | undefined
> {
  if (!(await context.statusLinks.lockIfAddressCurrent(trx, guid, mail.recipient))) return undefined
  if (await context.outbox.isHeld(trx, mail.id)) return { held: REPLACED_BY_REISSUE }
  const enrollment = await context.enrollments.findByGuid(guid, trx)
  if (!enrollment) return undefined
  const link = await context.statusLinks.mint(trx, guid, mail.recipient, mailedAs)
  return link ? { enrollment, link } : undefined
}
