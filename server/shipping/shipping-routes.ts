import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  manifestSchema,
  releaseBody,
  releaseSchema,
  releaseSummarySchema,
  salesEventBody,
  salesEventChangeBody,
  salesEventSchema,
} from '../../shared/shipping/shipping-schema.js'
import { prepareAdminRoutes, staffOf } from '../auth/admin-routes-support.js'
import { BRAND_MESSAGE, brandFilter, yearBrandQuery } from '../dashboard/dashboard-query.js'
import { AppError } from '../http/app-error.js'
import { adminSecurity, problemResponses } from '../http/openapi-schemas.js'
import {
  addEvent,
  changeEvent,
  findManifest,
  findRelease,
  listEvents,
  listReleases,
  releaseManifest,
  removeEvent,
  type ShippingContext,
} from './shipping.js'

const tags = { tags: ['Shipping'], security: adminSecurity }

export const eventParams = z.object({
  guid: z.uuid({ error: 'The sales event id is not valid.' }),
})

export const releaseParams = eventParams.extend({
  number: z.coerce
    .number({ error: 'The release number is not valid.' })
    .int('The release number is not valid.')
    .min(1, 'The release number is not valid.')
    .max(100_000, 'The release number is not valid.'),
})

/**
 * Shipping (docs/product.md#shipping): the sales events of a brand's year, their manifests and
 * releases. Every staff role but the vendor reads the events and manifests (a regional manager
 * their regions' rows); administrators add, change and remove events and release manifests; the
 * vendor and administrators read the releases.
 */
export const shippingRoutes: FastifyPluginAsync<{ context: ShippingContext }> = async (
  app,
  { context },
) => {
  prepareAdminRoutes(app)
  const api = app.withTypeProvider<ZodTypeProvider>()
  const view = app.allow('view')
  const ship = app.allow('ship')
  const released = app.allow('view', 'fulfill')
  const noStore = { 'cache-control': 'no-store' }
  const brandOf = (key: string | undefined) => {
    const brand = brandFilter(app.config.BRANDS, key)
    if (!brand) throw AppError.badRequest(BRAND_MESSAGE, { brand: ['Choose a brand.'] })
    return brand
  }

  api.get(
    '/shipping/events',
    {
      onRequest: released,
      schema: {
        ...tags,
        summary: 'The sales events of a brand’s year, by ship-by date',
        querystring: yearBrandQuery,
        response: { 200: z.array(salesEventSchema), ...problemResponses },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      const events = await listEvents(
        context,
        brandOf(request.query.brand),
        request.query.year ?? app.config.ENROLLMENT_YEAR,
      )
      // The vendor sees released events only.
      return staffOf(request).role === 'fulfillment'
        ? events.filter((event) => event.releases > 0)
        : events
    },
  )

  api.post(
    '/shipping/events',
    {
      onRequest: ship,
      schema: {
        ...tags,
        summary: 'Add a sales event to a brand’s year',
        querystring: yearBrandQuery,
        body: salesEventBody,
        response: { 201: salesEventSchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      reply.code(201)
      return addEvent(
        context,
        brandOf(request.query.brand),
        request.query.year ?? app.config.ENROLLMENT_YEAR,
        request.body,
        staffOf(request),
      )
    },
  )

  api.put(
    '/shipping/events/:guid',
    {
      onRequest: ship,
      schema: {
        ...tags,
        summary: 'Rename or re-date a sales event (released ones too)',
        params: eventParams,
        body: salesEventChangeBody,
        response: { 200: salesEventSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { version, ...body } = request.body
      return changeEvent(context, request.params.guid, version, body, staffOf(request))
    },
  )

  api.delete(
    '/shipping/events/:guid',
    {
      onRequest: ship,
      schema: {
        ...tags,
        summary: 'Remove a sales event whose manifest was never released',
        params: eventParams,
        response: { 204: z.never().optional().describe('Removed.'), ...problemResponses },
      },
    },
    async (request, reply) => {
      await removeEvent(context, request.params.guid, staffOf(request))
      return reply.code(204).send()
    },
  )

  api.get(
    '/shipping/events/:guid/manifest',
    {
      onRequest: view,
      schema: {
        ...tags,
        summary: 'The manifest as it would be released now, compared with the last release',
        description: 'A regional manager’s rows are their regions’ only.',
        params: eventParams,
        response: { 200: manifestSchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return findManifest(context, request.params.guid, staffOf(request).scope)
    },
  )

  api.post(
    '/shipping/events/:guid/releases',
    {
      onRequest: ship,
      schema: {
        ...tags,
        summary: 'Release the manifest to the vendor',
        params: eventParams,
        body: releaseBody,
        response: { 201: releaseSummarySchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      reply.code(201)
      return releaseManifest(context, request.params.guid, request.body.after, staffOf(request))
    },
  )

  api.get(
    '/shipping/events/:guid/releases',
    {
      onRequest: released,
      schema: {
        ...tags,
        summary: 'An event’s releases, newest first',
        params: eventParams,
        response: { 200: z.array(releaseSummarySchema), ...problemResponses },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return listReleases(context, request.params.guid, staffOf(request))
    },
  )

  api.get(
    '/shipping/events/:guid/releases/:number',
    {
      onRequest: released,
      schema: {
        ...tags,
        summary: 'One release: the whole manifest as released, then its cancellations',
        params: releaseParams,
        response: { 200: releaseSchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return findRelease(context, request.params.guid, request.params.number, staffOf(request))
    },
  )
}
