import type { Kysely } from 'kysely'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import { brandDisplayName } from '../../shared/format/brand-name.js'
import { programToday } from '../../shared/invoice/invoice.js'
import type { Config } from '../config/config.js'
import type { Database } from '../db/schema.js'
import type { StoredEnrollment } from '../enrollment/enrollment-mapping.js'
import type { EnrollmentRepository } from '../enrollment/enrollment-repository.js'
import type { OutboxRepository, OutgoingMail } from '../mail/outbox-repository.js'
import { shipmentNoticeMail } from '../mail/templates/shipment-notice-mail.js'
import type {
  DealerShipment,
  DueNotice,
  NoticeEvent,
  ShipmentNoticeRepository,
} from './shipment-notice-repository.js'

/** What the shipment mails are handed: the part of the app's context they use. */
export interface ShipmentNoticeContext {
  db: Kysely<Database>
  config: Pick<Config, 'BRANDS' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE'>
  enrollments: EnrollmentRepository
  outbox: OutboxRepository
  shipmentNotices: ShipmentNoticeRepository
  /** Wakes the mail worker after a commit that enqueued mail. */
  mailQueued(): void
  within(trx: Kysely<Database>): { shipmentNotices: ShipmentNoticeRepository }
}

/** The due pairs looked at per query. */
const BATCH = 100

/**
 * The dealers of an enrollment that shipped, each with its packages, named as the enrollment
 * names them now (or as the release shipped them, for a dealer it no longer lists), in the
 * enrollment's order.
 */
export function shippedDealers(
  enrollment: Pick<StoredEnrollment, 'dealers'>,
  shipments: readonly DealerShipment[],
) {
  const dealers = new Map<
    string,
    { bac: string; name: string; shipments: Array<Omit<DealerShipment, 'eventId'>> }
  >()
  for (const shipment of shipments) {
    const named = enrollment.dealers.find((dealer) => bacKey(dealer.bac) === shipment.bacKey)
    const dealer = dealers.get(shipment.bacKey) ?? {
      bac: named?.bac ?? shipment.bac,
      name: named?.name ?? shipment.dealerName,
      shipments: [],
    }
    dealer.shipments.push(shipment)
    dealers.set(shipment.bacKey, dealer)
  }
  return [...dealers.values()].toSorted(
    (a, b) => dealerOrder(enrollment, a.bac) - dealerOrder(enrollment, b.bac),
  )
}

/** Where the enrollment lists a dealer; one it no longer lists, after them. */
export function dealerOrder(enrollment: Pick<StoredEnrollment, 'dealers'>, bac: string): number {
  const index = enrollment.dealers.findIndex((dealer) => bacKey(dealer.bac) === bacKey(bac))
  return index === -1 ? enrollment.dealers.length : index
}

/**
 * The shipment mail of an enrollment and event (docs/product.md#shipment-mail): to a dealer
 * enrollment's authorized representative (`authEmailAddress`), or the LMA's address
 * (`lma.emailAddress`), listing its dealers; none without an address or a shipment.
 */
export function shipmentNotice(
  config: ShipmentNoticeContext['config'],
  enrollment: StoredEnrollment,
  event: NoticeEvent,
  shipments: readonly DealerShipment[],
): OutgoingMail | undefined {
  const recipient =
    enrollment.type === 'Lma'
      ? enrollment.lma?.emailAddress
      : enrollment.dealers[0]?.authEmailAddress
  if (!recipient || shipments.length === 0) return undefined
  const mail = shipmentNoticeMail({
    brandName: brandDisplayName(config.BRANDS, enrollment.brand),
    year: enrollment.year,
    type: enrollment.type,
    reference: enrollment.reference,
    eventName: event.name,
    dealers: shippedDealers(enrollment, shipments),
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
  })
  return { kind: 'shipment-notice', enrollmentGuid: enrollment.guid, recipient, ...mail }
}

/**
 * Queues each due shipment mail (docs/product.md#shipment-mail), each in a transaction of its
 * own that records it in `shipment_notices` (primary key: enrollment and event) and queues it:
 * two instances at once queue it once, and a process that dies midway leaves it wholly queued or
 * not at all. A pair recorded without a mail (no address) is not looked at again. Answers how
 * many mails were queued.
 */
export async function sendShipmentNotices(
  context: ShipmentNoticeContext,
  keepGoing: () => boolean = () => true,
  today: string = programToday(),
): Promise<number> {
  let queued = 0
  const seen = new Set<string>()
  while (keepGoing()) {
    const due = (await context.shipmentNotices.due(today, BATCH)).filter(
      (notice) => !seen.has(key(notice)),
    )
    if (due.length === 0) break
    for (const notice of due) {
      if (!keepGoing()) break
      seen.add(key(notice))
      if (await queueNotice(context, notice)) {
        queued += 1
        context.mailQueued()
      }
    }
  }
  return queued
}

const key = (notice: DueNotice) => `${notice.enrollmentGuid} ${notice.eventId}`

async function queueNotice(context: ShipmentNoticeContext, notice: DueNotice): Promise<boolean> {
  return context.db.transaction().execute(async (trx) => {
    const notices = context.within(trx).shipmentNotices
    if (!(await notices.record(notice))) return false
    const enrollment = await context.enrollments.findByGuid(notice.enrollmentGuid, trx)
    const event = await notices.eventOf(notice.eventId)
    if (!enrollment || !event) return false
    const mail = shipmentNotice(
      context.config,
      enrollment,
      event,
      await notices.shipmentsOf(notice.enrollmentGuid, notice.eventId),
    )
    return mail ? context.outbox.enqueue(trx, mail) : false
  })
}
