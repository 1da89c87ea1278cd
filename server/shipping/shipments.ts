import type { Kysely } from 'kysely'
import { type EnrollmentScope, inScope } from '../../shared/auth/staff-role.js'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import { trackingUrl } from '../../shared/shipping/carriers.js'
import type {
  DealerShipTo,
  EnrollmentShipments,
  ShipTo,
} from '../../shared/shipping/enrollment-shipments.js'
import type { Shipment } from '../../shared/shipping/shipping-schema.js'
import {
  checkCarrier,
  checkShippedDate,
  checkTrackingNumber,
  latestDateNow,
} from '../../shared/shipping/tracking-file.js'
import type { AuditRepository } from '../audit/audit-repository.js'
import type { Staff } from '../auth/auth-plugin.js'
import type { Database } from '../db/schema.js'
import type { EnrollmentLifecycleRepository } from '../enrollment/enrollment-lifecycle-repository.js'
import type { EnrollmentRepository } from '../enrollment/enrollment-repository.js'
import { NO_ENROLLMENT_MESSAGE } from '../enrollment/enrollment-scope.js'
import { uniqueViolation } from '../enrollment/unique-violation.js'
import { AppError } from '../http/app-error.js'
import type { ManifestCandidate, ShipToAddress } from './manifest.js'
import { shipToKey } from './manifest.js'
import type { ShippingRepository, StoredShipment } from './shipping-repository.js'

/** What the shipments' operations are handed: the app's context's part they use. */
export interface ShipmentsContext {
  db: Kysely<Database>
  enrollments: EnrollmentRepository
  lifecycle: EnrollmentLifecycleRepository
  shipping: ShippingRepository
  audit: AuditRepository
  within(trx: Kysely<Database>): {
    enrollments: EnrollmentRepository
    shipping: ShippingRepository
    audit: AuditRepository
  }
}

export const NO_SHIPMENT_MESSAGE = 'There is no shipment with this id.'
export const DEALER_SHIPS_TO_ITS_OWN =
  'A dealer enrollment ships to its own address: change the dealer’s address in the enrollment.'

/** A shipment as the API answers it, with its carrier's tracking page. */
export function shipmentAnswer(shipment: StoredShipment): Shipment {
  return {
    id: shipment.id,
    eventGuid: shipment.eventGuid,
    eventCode: shipment.eventCode,
    eventName: shipment.eventName,
    bac: shipment.bac,
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    shippedOn: shipment.shippedOn,
    trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber),
    enrollmentGuid: shipment.enrollmentGuid,
  }
}

/**
 * An enrollment's shipping (docs/product.md#shipments-of-an-enrollment): per sales event of its
 * brand's year (and any other event it has a shipment of), whether it is on the event's latest
 * release and what was shipped; an LMA's dealers' ship-to addresses. 404 for an enrollment that
 * does not exist or is outside the user's regions, as on every enrollment route.
 */
export async function findEnrollmentShipments(
  context: ShipmentsContext,
  guid: string,
  scope: EnrollmentScope,
): Promise<EnrollmentShipments> {
  const enrollment = await context.enrollments.findByGuid(guid)
  if (!enrollment || !inScope(scope, enrollment.regionId)) {
    throw AppError.notFound(NO_ENROLLMENT_MESSAGE)
  }
  const { shipping } = context
  const [events, latest, shipments] = await Promise.all([
    shipping.listEvents(enrollment.brand, enrollment.year),
    shipping.latestReleasesOf(enrollment.brand, enrollment.year, guid),
    shipping.shipmentsOf(guid),
  ])
  const rows = events.map((event) => ({
    eventGuid: event.guid,
    eventCode: event.code,
    eventName: event.name,
    shipBy: event.shipBy,
    latestRelease: latest.get(event.guid)?.number ?? null,
    onLatestRelease: latest.get(event.guid)?.onIt ?? false,
    shipments: shipments.filter((each) => each.eventGuid === event.guid).map(shipmentAnswer),
  }))
  // A shipment of an event of another year (none today: an upload checks the event's manifest).
  for (const shipment of shipments) {
    if (rows.some((row) => row.eventGuid === shipment.eventGuid)) continue
    const event = await shipping.findEvent(shipment.eventGuid)
    if (!event) continue
    rows.push({
      eventGuid: event.guid,
      eventCode: event.code,
      eventName: event.name,
      shipBy: event.shipBy,
      latestRelease: null,
      onLatestRelease: false,
      shipments: shipments.filter((each) => each.eventGuid === event.guid).map(shipmentAnswer),
    })
  }
  rows.sort((a, b) => (a.shipBy < b.shipBy ? -1 : a.shipBy > b.shipBy ? 1 : 0))
  const shipTo =
    enrollment.type === 'Lma'
      ? await dealersShipTo(shipping, guid, enrollment.reference, enrollment.dealers)
      : []
  return { events: rows, shipTo }
}

/** Each dealer of an LMA enrollment with the address the manifest ships it to. */
async function dealersShipTo(
  shipping: ShippingRepository,
  guid: string,
  reference: string,
  dealers: ReadonlyArray<{ bac: string; name: string }>,
): Promise<DealerShipTo[]> {
  const candidates: ManifestCandidate[] = dealers.map((dealer) => ({
    guid,
    type: 'Lma',
    reference,
    regionId: null,
    dealer: {
      bac: dealer.bac,
      name: dealer.name,
      address: '',
      city: '',
      state: '',
      postal: '',
      country: '',
      kitSize: '',
      hispanic: '',
      billing: '',
    },
  }))
  const [addresses, overrides] = await Promise.all([
    shipping.shipToAddresses(candidates),
    shipping.shipToOverridesOf(guid),
  ])
  return dealers.map((dealer) => {
    const key = bacKey(dealer.bac)
    const address = addresses.get(shipToKey(guid, key))
    return {
      bac: dealer.bac,
      dealerName: dealer.name,
      shipTo: address
        ? shipToAnswer(dealer.bac, address, overrides.has(key) ? 'office' : 'directory')
        : null,
    }
  })
}

function shipToAnswer(bac: string, address: ShipToAddress, source: ShipTo['source']): ShipTo {
  return {
    bac,
    name: address.name,
    address: address.address,
    city: address.city,
    state: address.state,
    postal: address.postal,
    country: address.country,
    source,
  }
}

interface ShipmentFields {
  carrier: string
  trackingNumber: string
  shippedOn: string
}

/**
 * A correction's fields by the tracking upload's rules (shared/shipping/tracking-file.ts): the
 * carrier and tracking number written as an upload stores them, the shipped date neither in the
 * future nor before the year before the event's; 400 with each field's problem otherwise.
 */
function correctedFields(given: ShipmentFields, eventYear: number): ShipmentFields {
  const carrier = checkCarrier(given.carrier)
  const trackingNumber = checkTrackingNumber(given.trackingNumber)
  const shippedOn = checkShippedDate(given.shippedOn, latestDateNow(), eventYear)
  if ('value' in carrier && 'value' in trackingNumber && 'value' in shippedOn) {
    return {
      carrier: carrier.value,
      trackingNumber: trackingNumber.value,
      shippedOn: shippedOn.value,
    }
  }
  const errors: Record<string, string[]> = {}
  for (const [field, checked] of Object.entries({ carrier, trackingNumber, shippedOn })) {
    if ('problem' in checked) errors[field] = [checked.problem]
  }
  const [first] = Object.values(errors).flat()
  throw AppError.badRequest(first ?? 'The shipment is not valid.', errors)
}

/**
 * Corrects one shipment (docs/product.md#tracking-upload): its carrier, tracking number and
 * shipped date, by the upload's rules, under its row lock. Its key (event, BAC, tracking number) stays unique: a
 * tracking number another package of the same dealer and event has is refused (409), also when
 * a correction of that other shipment commits meanwhile. The audit trail records it; the
 * shipment as it is changes nothing.
 */
export async function correctShipment(
  context: ShipmentsContext,
  id: string,
  given: ShipmentFields,
  staff: Staff,
): Promise<Shipment> {
  const taken = (shipment: StoredShipment, trackingNumber: string) =>
    new AppError(
      409,
      `Another package of ${shipment.bac} for ${shipment.eventName} already has the tracking number ${trackingNumber}: correct that shipment instead.`,
    )
  const seen: { shipment?: StoredShipment; trackingNumber?: string } = {}
  try {
    return await context.db.transaction().execute(async (trx) => {
      const { shipping, audit } = context.within(trx)
      const shipment = await shipping.findShipment(id, { lock: true })
      if (!shipment) throw AppError.notFound(NO_SHIPMENT_MESSAGE)
      const fields = correctedFields(given, shipment.eventYear)
      seen.shipment = shipment
      seen.trackingNumber = fields.trackingNumber
      // The shipment as it is (the dialog saved without a change): nothing to record.
      if (
        shipment.carrier === fields.carrier &&
        shipment.trackingNumber === fields.trackingNumber &&
        shipment.shippedOn === fields.shippedOn
      ) {
        return shipmentAnswer(shipment)
      }
      if (await shipping.trackingNumberTaken(shipment, fields.trackingNumber)) {
        throw taken(shipment, fields.trackingNumber)
      }
      await shipping.correctShipment(id, fields, staff.username)
      await audit.record({
        actor: staff.username,
        action: 'shipment-changed',
        year: shipment.eventYear,
        filters: {
          brand: shipment.eventBrand,
          event: shipment.eventCode,
          bac: shipment.bac,
          was: `${shipment.carrier} ${shipment.trackingNumber} ${shipment.shippedOn}`,
          carrier: fields.carrier,
          trackingNumber: fields.trackingNumber,
          shippedOn: fields.shippedOn,
        },
        rows: 1,
      })
      const changed = await shipping.findShipment(id)
      if (!changed) throw new Error('the shipment just corrected is not found')
      return shipmentAnswer(changed)
    })
  } catch (error) {
    // Two corrections of two packages to one tracking number at once: the second breaks the key.
    if (seen.shipment && uniqueViolation(error)) {
      throw taken(seen.shipment, seen.trackingNumber ?? given.trackingNumber)
    }
    throw error
  }
}

/**
 * Sets the office's ship-to address of one dealer of an LMA enrollment
 * (docs/product.md#manifests), under the enrollment's row lock and in the user's regions as every
 * change (server/enrollment/enrollment-scope.ts, lockInScope): 404 outside them, 409 for a dealer
 * enrollment (it ships to its own address), 400 for a BAC that is not one of its dealers. The
 * manifest takes it from then on; the audit trail records it.
 */
export async function setShipTo(
  context: ShipmentsContext,
  guid: string,
  bac: string,
  address: ShipToAddress,
  staff: Staff,
): Promise<ShipTo> {
  return context.db.transaction().execute(async (trx) => {
    const locked = await context.lifecycle.lock(trx, guid)
    if (!locked || !inScope(staff.scope, locked.regionId)) {
      throw AppError.notFound(NO_ENROLLMENT_MESSAGE)
    }
    const { enrollments, shipping, audit } = context.within(trx)
    const enrollment = await enrollments.findByGuid(guid, trx)
    if (!enrollment) throw AppError.notFound(NO_ENROLLMENT_MESSAGE)
    if (enrollment.type !== 'Lma') throw AppError.conflict(DEALER_SHIPS_TO_ITS_OWN)
    const key = bacKey(bac)
    const dealer = enrollment.dealers.find((each) => bacKey(each.bac) === key)
    if (!dealer) {
      const message = `${bac} is not a dealer of this enrollment.`
      throw AppError.badRequest(message, { bac: [message] })
    }
    await shipping.setShipTo(guid, dealer.bac, address, staff.username)
    await audit.record({
      actor: staff.username,
      action: 'ship-to-changed',
      year: enrollment.year,
      filters: {
        brand: enrollment.brand,
        reference: enrollment.reference,
        bac: dealer.bac,
        ...address,
      },
      rows: 1,
    })
    return shipToAnswer(dealer.bac, address, 'office')
  })
}
