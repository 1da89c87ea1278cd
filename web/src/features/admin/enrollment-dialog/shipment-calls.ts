import type { EnrollmentShipments, ShipTo } from '@shared/shipping/enrollment-shipments'
import type { Shipment, shipmentBody, shipToBody } from '@shared/shipping/shipping-schema'
import type { z } from 'zod'
import { call } from '../../../lib/api-client'

export type { EnrollmentShipments, ShipTo }

export function getEnrollmentShipments(
  guid: string,
  signal?: AbortSignal,
): Promise<EnrollmentShipments> {
  return call('GET /api/enrollments/{guid}/shipments', { params: { guid }, signal })
}

/** A correction of a shipment, as the route takes it. */
export type ShipmentFields = z.input<typeof shipmentBody>

export function putShipment(id: string, fields: ShipmentFields): Promise<Shipment> {
  return call('PUT /api/shipments/{id}', { params: { id }, body: fields })
}

/** The office's ship-to address of one LMA dealer, as the route takes it. */
export type ShipToFields = z.input<typeof shipToBody>

/** The ship-to address's fields, as the dialog's panel and the manifest's problem rows ask them. */
export const SHIP_TO_FIELDS: ReadonlyArray<{
  name: keyof ShipToFields
  label: string
  autoComplete: string
}> = [
  { name: 'name', label: 'Ship to (name)', autoComplete: 'organization' },
  { name: 'address', label: 'Street address', autoComplete: 'address-line1' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'postal', label: 'Postal code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
]

export function putShipTo(guid: string, bac: string, fields: ShipToFields): Promise<ShipTo> {
  return call('PUT /api/enrollments/{guid}/ship-to/{bac}', { params: { guid, bac }, body: fields })
}
