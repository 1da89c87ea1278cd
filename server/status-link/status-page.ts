import type { TimelineEvent } from '../../shared/domain/timeline-events.js'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import { coveredDealers, orderedKits } from '../../shared/enrollment/program-figures.js'
import type {
  StatusPage,
  StatusPageInvoice,
  StatusSalesEvent,
} from '../../shared/enrollment/status-page-schema.js'
import type { StoredEnrollment } from '../enrollment/enrollment-mapping.js'
import {
  AUTHORIZED_ACTION,
  PAID_ACTION,
  REAUTHORIZED_ACTION,
} from '../enrollment/history-repository.js'
import { sentBackOf } from '../enrollment/linked-enrollment.js'
import { AppError } from '../http/app-error.js'
import type { InvoiceRecord } from '../invoice/invoice-repository.js'
import { toInvoiceWire, toPaymentWire } from '../invoice/invoice-wire.js'
import type { ShipmentNoticeRepository } from '../shipping/shipment-notice-repository.js'
import { dealerOrder, shippedDealers } from '../shipping/shipment-notices.js'
import type { ShippingRepository } from '../shipping/shipping-repository.js'
import type { StatusLinkContext } from './status-links.js'

/** What the status page reads: the status link's part of the context, and the shipments. */
export interface StatusPageContext extends StatusLinkContext {
  shipping: Pick<ShippingRepository, 'listEvents'>
  shipmentNotices: Pick<ShipmentNoticeRepository, 'shipmentsOf' | 'ships'>
}

/** Every link that opens nothing (unknown, revoked, expired, of a deleted enrollment) answers this. */
export const STATUS_LINK_NOT_VALID =
  'This status link is not valid: it may have expired or been replaced by a newer one.'

/** The history's actions the timeline shows, and how it names them. */
const TIMELINE_ACTIONS: Readonly<Record<string, TimelineEvent>> = {
  submitted: 'submitted',
  [AUTHORIZED_ACTION]: 'authorized',
  [REAUTHORIZED_ACTION]: 'reauthorization',
  approved: 'approved',
  declined: 'declined',
}

/** The enrollment a live status link opens; 404 with the same words for every other token. */
async function openedEnrollment(
  context: StatusLinkContext,
  token: string,
): Promise<{ enrollment: StoredEnrollment; expiresAt: Date }> {
  const opened = await context.statusLinks.open(token)
  const enrollment = opened && (await context.enrollments.findByGuid(opened.guid))
  if (!opened || !enrollment) throw AppError.notFound(STATUS_LINK_NOT_VALID)
  return { enrollment, expiresAt: opened.expiresAt }
}

/** The invoice's payment state as the enrollee sees it: the office's payment reference left out. */
function paymentState(invoice: InvoiceRecord) {
  const { reference: _officeOnly, ...payment } = toPaymentWire(invoice)
  return payment
}

/**
 * An LMA's invoice, live (under revision while the enrollment is sent back or awaits approval
 * again) or void: the enrollee sees every invoice the office counts or voided
 * (docs/product.md#invoices). None for a dealer, or an LMA never invoiced.
 */
async function invoiceOf(context: StatusLinkContext, enrollment: StoredEnrollment) {
  if (enrollment.type !== 'Lma') return undefined
  return context.invoices.findByEnrollment(enrollment.guid)
}

/**
 * The sales events of the enrollment's brand and year with each dealer's shipments
 * (docs/product.md#status-page): while its kits ship (Approved, or sent back after approval),
 * every event, each dealer the manifest ships listed (billing not None, kits ordered; none
 * shipped yet: 'Not shipped yet'); otherwise
 * only what shipped. A dealer shipped to that the enrollment no longer lists stays listed.
 */
async function salesEventsOf(
  context: StatusPageContext,
  enrollment: StoredEnrollment,
): Promise<StatusSalesEvent[]> {
  const events = await context.shipping.listEvents(enrollment.brand, enrollment.year)
  if (events.length === 0) return []
  const shipments = await context.shipmentNotices.shipmentsOf(enrollment.guid)
  const ships = await context.shipmentNotices.ships(enrollment.guid)
  const shipping = ships
    ? enrollment.dealers.filter(
        (dealer) => dealer.billing !== 'None' && orderedKits('Approved', dealer) > 0,
      )
    : []
  return events.flatMap((event) => {
    const shipped = shippedDealers(
      enrollment,
      shipments.filter((shipment) => shipment.eventId === event.id),
    )
    const waiting = shipping
      .filter((dealer) => !shipped.some((each) => bacKey(each.bac) === bacKey(dealer.bac)))
      .map((dealer) => ({ bac: dealer.bac, name: dealer.name, shipments: [] }))
    const dealers = [...shipped, ...waiting]
      .map((dealer) => ({
        bac: dealer.bac,
        name: dealer.name,
        shipments: dealer.shipments.map(({ carrier, trackingNumber, shippedOn }) => ({
          carrier,
          trackingNumber,
          shippedOn,
        })),
      }))
      .toSorted((a, b) => dealerOrder(enrollment, a.bac) - dealerOrder(enrollment, b.bac))
    if (dealers.length === 0) return []
    const { name, shipBy, inStoreFrom, inStoreTo } = event
    return [{ name, shipBy, inStoreFrom, inStoreTo, dealers }]
  })
}

/** GET /api/status/{token}: where the link's enrollment stands (docs/product.md#status-page). */
export async function findStatusPage(
  context: StatusPageContext,
  token: string,
): Promise<StatusPage> {
  const { enrollment, expiresAt } = await openedEnrollment(context, token)
  const history = await context.history.list(enrollment.guid)
  const invoice = await invoiceOf(context, enrollment)
  // Each step with the moment it sorts by. An invoice step is written in the transaction of the
  // action that caused it (approve, save, decline), whose history entry is stamped later
  // (clock_timestamp(), history-repository): it sorts at that entry, just after it. A payment,
  // dated only, sorts at the moment the office recorded it, or midday of its day.
  const historyTimes = history.map((entry) => new Date(entry.at).getTime()).sort((a, b) => a - b)
  const withItsAction = (at: string): string => {
    const time = new Date(at).getTime()
    const cause = historyTimes.find((each) => each >= time && each - time < 60_000)
    return new Date(cause ?? time).toISOString()
  }
  const steps: Array<{ step: StatusPage['timeline'][number]; sortsAt: string }> = []
  const add = (event: StatusPage['timeline'][number]['event'], at: string, sortsAt = at) =>
    steps.push({ step: { event, at }, sortsAt: new Date(sortsAt).toISOString() })
  for (const entry of history) {
    const event = TIMELINE_ACTIONS[entry.action]
    if (event) add(event, new Date(entry.at).toISOString())
  }
  if (invoice) {
    const issued = new Date(invoice.issuedAt).toISOString()
    add('invoiced', issued, withItsAction(issued))
    if (invoice.reissuedAt) {
      const revised = new Date(invoice.reissuedAt).toISOString()
      add('invoice-revised', revised, withItsAction(revised))
    }
    if (invoice.paidOn) {
      const recorded = history.findLast((entry) => entry.action === PAID_ACTION)
      add(
        'paid',
        invoice.paidOn,
        recorded ? new Date(recorded.at).toISOString() : `${invoice.paidOn}T12:00:00Z`,
      )
    }
    if (invoice.voidedAt) add('invoice-voided', invoice.voidedAt, withItsAction(invoice.voidedAt))
  }
  // In the order it happened (a stable sort keeps the history's order for equal moments).
  const timeline = steps
    .toSorted((a, b) => a.sortsAt.localeCompare(b.sortsAt))
    .map(({ step }) => step)
  const { status } = enrollment
  const dealers = enrollment.dealers.map((dealer) => ({
    bac: dealer.bac,
    name: dealer.name,
    kits: orderedKits(status, dealer),
  }))
  return {
    reference: enrollment.reference,
    type: enrollment.type,
    brand: enrollment.brand,
    year: enrollment.year,
    name: (enrollment.type === 'Lma' ? enrollment.lma?.name : enrollment.dealers[0]?.name) ?? '',
    status,
    representative:
      (enrollment.type === 'Lma' ? enrollment.lma?.authName : enrollment.dealers[0]?.authName) ??
      '',
    declineReason:
      status === 'Declined'
        ? await context.lifecycle.sharedDeclineReason(context.db, enrollment.id)
        : null,
    dealers,
    dealerCount: coveredDealers(status, dealers.length),
    kitCount: dealers.reduce((sum, dealer) => sum + dealer.kits, 0),
    sentBack: await sentBackOf(context, enrollment),
    timeline,
    invoice: invoice ? paymentState(invoice) : null,
    salesEvents: await salesEventsOf(context, enrollment),
    linkExpiresAt: expiresAt.toISOString(),
  }
}

const NO_INVOICE = 'This enrollment has no invoice: only approved LMA enrollments are invoiced.'

/** GET /api/status/{token}/invoice: the invoice of the link's enrollment and its payment state. */
export async function findStatusInvoice(
  context: StatusLinkContext,
  token: string,
): Promise<{ record: InvoiceRecord; answer: StatusPageInvoice }> {
  const { enrollment } = await openedEnrollment(context, token)
  const invoice = await invoiceOf(context, enrollment)
  if (!invoice) throw AppError.notFound(NO_INVOICE)
  // Without the enrollment's guid: the authorization link is never the status link's to give.
  const {
    guid: _authorizationLink,
    voided,
    ...document
  } = toInvoiceWire(invoice, await context.invoices.revisions(enrollment.guid))
  // The office's reason for a decline is the enrollee's only where the office shared it (the
  // status page's declineReason): the invoice says why it is void without it.
  const shown = { ...document, voided: voided && { on: voided.on, cause: voided.cause } }
  return { record: invoice, answer: { invoice: shown, payment: paymentState(invoice) } }
}
