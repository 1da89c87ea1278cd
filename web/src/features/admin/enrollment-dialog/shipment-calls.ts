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

export function putShipTo(guid: string, bac: string, fields: ShipToFields): Promise<ShipTo> {
  return call('PUT /api/enrollments/{guid}/ship-to/{bac}', { params: { guid, bac }, body: fields })
}
