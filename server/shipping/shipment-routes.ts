import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BAC_PATTERN } from '../../shared/enrollment/bac-key.js'
import { MAX_LENGTH } from '../../shared/enrollment/field-limits.js'
import {
  enrollmentShipmentsSchema,
  shipToSchema,
} from '../../shared/shipping/enrollment-shipments.js'
import { shipmentBody, shipmentSchema, shipToBody } from '../../shared/shipping/shipping-schema.js'
import { prepareAdminRoutes, staffOf } from '../auth/admin-routes-support.js'
import { guidParams } from '../enrollment/public-enrollment-routes.js'
import { adminSecurity, problemResponses } from '../http/openapi-schemas.js'
import {
  correctShipment,
  findEnrollmentShipments,
  type ShipmentsContext,
  setShipTo,
} from './shipments.js'

const tags = { tags: ['Shipping'], security: adminSecurity }

const shipmentParams = z.object({
  id: z
    .string({ error: 'The shipment id is not valid.' })
    .regex(/^[1-9]\d{0,17}$/, 'The shipment id is not valid.'),
})

const shipToParams = guidParams.extend({
  bac: z
    .string({ error: 'The BAC is not valid.' })
    .max(MAX_LENGTH.bacEdit, 'The BAC is not valid.')
    .regex(BAC_PATTERN, 'The BAC is not valid.'),
})

/**
 * One enrollment's shipping (docs/product.md#shipments-of-an-enrollment): every office role
 * reads its shipments and ship-to addresses (a regional manager their regions' enrollments
 * only); administrators correct a shipment; administrators and regional managers set an LMA
 * dealer's ship-to address.
 */
export const shipmentRoutes: FastifyPluginAsync<{ context: ShipmentsContext }> = async (
  app,
  { context },
) => {
  prepareAdminRoutes(app)
  const api = app.withTypeProvider<ZodTypeProvider>()
  const noStore = { 'cache-control': 'no-store' }

  api.get(
    '/enrollments/:guid/shipments',
    {
      onRequest: app.allow('view'),
      schema: {
        ...tags,
        summary: 'An enrollment’s shipments per sales event, and its dealers’ ship-to addresses',
        description:
          'Per event of its brand’s year: whether the enrollment is on the latest release, and what the vendor shipped.',
        params: guidParams,
        response: { 200: enrollmentShipmentsSchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return findEnrollmentShipments(context, request.params.guid, staffOf(request).scope)
    },
  )

  api.put(
    '/shipments/:id',
    {
      onRequest: app.allow('ship'),
      schema: {
        ...tags,
        summary: 'Correct one shipment: its carrier, tracking number and shipped date',
        params: shipmentParams,
        body: shipmentBody,
        response: { 200: shipmentSchema, ...problemResponses },
      },
    },
    async (request) => correctShipment(context, request.params.id, request.body, staffOf(request)),
  )

  api.put(
    '/enrollments/:guid/ship-to/:bac',
    {
      onRequest: app.allow('change'),
      schema: {
        ...tags,
        summary: 'Set the ship-to address of one dealer of an LMA enrollment',
        description:
          'The manifest ships the dealer to it instead of the dealer directory’s address.',
        params: shipToParams,
        body: shipToBody,
        response: { 200: shipToSchema, ...problemResponses },
      },
    },
    async (request) =>
      setShipTo(context, request.params.guid, request.params.bac, request.body, staffOf(request)),
  )
}
