import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  LOST_LINK_ANSWER,
  lostStatusLinkAnswerSchema,
  lostStatusLinkBody,
  reissuedStatusLinkSchema,
  statusPageInvoiceSchema,
  statusPageSchema,
  statusTokenParams,
} from '../../shared/enrollment/status-page-schema.js'
import { invoiceFilename } from '../../shared/invoice/invoice.js'
import { noFields, prepareAdminRoutes, staffOf } from '../auth/admin-routes-support.js'
import { CAPABILITY_HEADERS } from '../capability/capability-headers.js'
import { isCapabilityToken } from '../capability/capability-token.js'
import { guidParams } from '../enrollment/public-enrollment-routes.js'
import { AppError } from '../http/app-error.js'
import { adminSecurity, fileResponse, problemResponses } from '../http/openapi-schemas.js'
import { findBrandLogo } from '../invoice/brand-logo.js'
import { renderInvoicePdf } from '../invoice/render-invoice-pdf.js'
import { clientKey } from '../rate-limit/client-key.js'
import { clientLimits } from '../rate-limit/client-limits.js'
import { reissueStatusLink, requestLostStatusLinks } from './status-links.js'
import {
  findStatusInvoice,
  findStatusPage,
  STATUS_LINK_NOT_VALID,
  type StatusPageContext,
} from './status-page.js'

const tags = ['Status page']

function checkedToken(token: string): string {
  if (!isCapabilityToken(token)) throw AppError.notFound(STATUS_LINK_NOT_VALID)
  return token
}

/**
 * The enrollee's status page (docs/product.md#status-page): GET /api/status/{token}, its invoice
 * and PDF, and "Lost the mail?" (POST /api/status/lost-links); the office's re-issue
 * (POST /api/enrollments/{guid}/status-link/reissue).
 */
export const statusRoutes: FastifyPluginAsync<{ context: StatusPageContext }> = async (
  app,
  { context },
) => {
  // "Lost the mail?" may mail: counted with the submissions; the page and its invoice (a PDF
  // costs some CPU) with the look-ups.
  const limits = clientLimits(app.config)

  await app.register(async (routes) => {
    routes.addHook('onSend', async (_request, reply: FastifyReply, payload) => {
      reply.headers(CAPABILITY_HEADERS)
      return payload
    })
    const api = routes.withTypeProvider<ZodTypeProvider>()

    api.get(
      '/status/:token',
      {
        schema: {
          summary: 'Where an enrollment stands, opened by its status link',
          tags,
          params: statusTokenParams,
          response: { 200: statusPageSchema, ...problemResponses },
        },
        config: limits.lookups,
      },
      async (request) => findStatusPage(context, checkedToken(request.params.token)),
    )

    api.get(
      '/status/:token/invoice',
      {
        schema: {
          summary:
            'The invoice of an approved LMA enrollment and its payment, opened by its status link',
          tags,
          params: statusTokenParams,
          response: { 200: statusPageInvoiceSchema, ...problemResponses },
        },
        config: limits.lookups,
      },
      async (request) =>
        (await findStatusInvoice(context, checkedToken(request.params.token))).answer,
    )

    api.get(
      '/status/:token/invoice/pdf',
      {
        schema: {
          summary: 'The invoice as a PDF, opened by the status link',
          tags,
          params: statusTokenParams,
          response: {
            200: fileResponse('application/pdf', 'The invoice, as an attachment.'),
            ...problemResponses,
          },
        },
        config: limits.lookups,
      },
      async (request, reply) => {
        const { record, answer } = await findStatusInvoice(
          context,
          checkedToken(request.params.token),
        )
        const pdf = await renderInvoicePdf(answer.invoice, {
          logoPath: findBrandLogo(record.brand),
        })
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="${invoiceFilename(record.invoiceNumber, record.revision)}"`,
          )
          .send(pdf)
      },
    )

    api.post(
      '/status/lost-links',
      {
        schema: {
          summary:
            'Mails the status links of this year’s enrollments that carry the address; the same answer whether or not one does',
          tags,
          body: lostStatusLinkBody,
          response: { 202: lostStatusLinkAnswerSchema, ...problemResponses },
        },
        config: limits.submissions,
      },
      async (request, reply) => {
        await requestLostStatusLinks(context, request.body.email, clientKey(request.ip))
        return reply.code(202).send({ message: LOST_LINK_ANSWER })
      },
    )
  })

  await app.register(async (admin) => {
    prepareAdminRoutes(admin)
    admin.withTypeProvider<ZodTypeProvider>().post(
      '/enrollments/:guid/status-link/reissue',
      {
        onRequest: admin.allow('change'),
        schema: {
          summary:
            'Revokes every status link of the enrollment and mails a new one to the receipt’s recipient',
          tags: ['Program office'],
          security: adminSecurity,
          params: guidParams,
          body: noFields,
          response: { 200: reissuedStatusLinkSchema, ...problemResponses },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        return reissueStatusLink(context, request.params.guid, staffOf(request))
      },
    )
  })
}
