import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { releaseFileQuery } from '../../shared/shipping/release-file.js'
import { trackingUploadResultSchema } from '../../shared/shipping/shipping-schema.js'
import { prepareAdminRoutes, staffOf } from '../auth/admin-routes-support.js'
import { AppError } from '../http/app-error.js'
import {
  adminSecurity,
  bodyCheckedByOperation,
  fileResponse,
  problemResponses,
} from '../http/openapi-schemas.js'
import { XLSX_CONTENT_TYPE } from '../report/xlsx-download.js'
import { sendReleaseFile } from './release-file.js'
import { type ShipmentNoticeContext, sendShipmentNotices } from './shipment-notices.js'
import { findRelease, type ShippingContext } from './shipping.js'
import { releaseParams } from './shipping-routes.js'
import { type TrackingUploadContext, uploadTracking } from './tracking-upload.js'
import { UPLOAD_FORMAT_MESSAGE } from './tracking-upload-file.js'

/** The largest tracking file taken: 20,000 rows of CSV are about 2 MB. */
export const TRACKING_BODY_LIMIT = 8 * 1024 * 1024

const tags = { tags: ['Shipping'], security: adminSecurity }

const releaseFile = fileResponse('text/csv', 'The release, as an attachment.')
releaseFile.content = {
  ...releaseFile.content,
  ...fileResponse(XLSX_CONTENT_TYPE, 'The release, as an attachment.').content,
}

/** The tracking file: CSV or an Excel workbook, as the request's body. */
const trackingFile = bodyCheckedByOperation(
  z.custom<Buffer>().meta({ type: 'string', format: 'binary' }),
)

/**
 * The print vendor's work (docs/product.md#vendor-layout, #tracking-upload): a release as a CSV
 * or Excel file (the vendor and every other role; a regional manager's regions' rows only), and
 * the tracking upload (the vendor and administrators).
 */
export const fulfillmentRoutes: FastifyPluginAsync<{
  context: ShippingContext & TrackingUploadContext & ShipmentNoticeContext
}> = async (app, { context }) => {
  prepareAdminRoutes(app)
  // The tracking file comes as it is: read as bytes, whatever its type (the upload decides).
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: TRACKING_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  )
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/shipping/events/:guid/releases/:number/file',
    {
      onRequest: app.allow('view', 'fulfill'),
      schema: {
        ...tags,
        summary: 'A release as the vendor’s file: CSV or Excel, every row or only the changes',
        description:
          'In the vendor layout (docs/product.md#vendor-layout). A regional manager’s rows are their regions’ only.',
        params: releaseParams,
        querystring: releaseFileQuery,
        response: { 200: releaseFile, ...problemResponses },
      },
    },
    async (request, reply) => {
      const release = await findRelease(
        context,
        request.params.guid,
        request.params.number,
        staffOf(request),
      )
      return sendReleaseFile(reply, release, request.query.format, request.query.rows)
    },
  )

  api.post(
    '/shipping/tracking',
    {
      onRequest: app.allow('fulfill'),
      bodyLimit: TRACKING_BODY_LIMIT,
      schema: {
        ...tags,
        summary: 'Record the shipments of a tracking file (CSV or Excel)',
        description:
          'Columns found by header (docs/product.md#tracking-upload). A file with any bad row records nothing and answers each row’s errors, keyed `row N` (the header is row 1).',
        consumes: ['text/csv', XLSX_CONTENT_TYPE],
        body: trackingFile,
        response: { 200: trackingUploadResultSchema, ...problemResponses },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw request.body === undefined || Buffer.isBuffer(request.body)
          ? AppError.badRequest(`The upload holds no file. ${UPLOAD_FORMAT_MESSAGE}`)
          : new AppError(415, UPLOAD_FORMAT_MESSAGE)
      }
      const result = await uploadTracking(
        context,
        request.headers['content-type'],
        request.body,
        staffOf(request),
      )
      // The shipment mails due now (every dealer of an enrollment shipped) leave at once, after
      // the answer; the periodic job sends the rest (docs/product.md#shipment-mail).
      if (result.added > 0) {
        void sendShipmentNotices(context).catch((error: unknown) =>
          request.log.error({ err: error }, 'shipment mails after an upload failed'),
        )
      }
      return result
    },
  )
}
