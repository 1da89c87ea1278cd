import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import { invoiceFilename } from '../../shared/invoice/invoice.js'
import { invoiceSchema } from '../../shared/invoice/invoice-schema.js'
import { staffOf } from '../auth/admin-routes-support.js'
import { AppError } from '../http/app-error.js'
import { adminSecurity, fileResponse, problemResponses } from '../http/openapi-schemas.js'
import { findBrandLogo } from './brand-logo.js'
import type { InvoiceRepository } from './invoice-repository.js'
import { toInvoiceWire } from './invoice-wire.js'
import { renderInvoicePdf } from './render-invoice-pdf.js'

const params = z.object({ guid: z.uuid({ error: 'The enrollment id is not valid.' }) })

const admin = { tags: ['Admin'], security: adminSecurity, params }

const invoiceRoute = {
  ...admin,
  summary: 'The invoice of an LMA enrollment: live, under revision or void, with its revisions',
  response: { 200: invoiceSchema, ...problemResponses },
}

const pdfRoute = {
  ...admin,
  querystring: z.object({
    revision: z.coerce
      .number({ error: 'The revision is a whole number from 1.' })
      .int({ error: 'The revision is a whole number from 1.' })
      .min(1, { error: 'The revision is a whole number from 1.' })
      .max(10_000, { error: 'The revision is a whole number from 1.' })
      .optional()
      .describe('An earlier revision, as it was mailed; the current one without it.'),
  }),
  summary: 'The invoice as a PDF (its current revision, or an earlier one)',
  response: {
    200: fileResponse('application/pdf', 'The invoice, as an attachment.'),
    ...problemResponses,
  },
}

/**
 * GET /api/invoices/{guid} and /api/invoices/{guid}/pdf: the invoice of an approved LMA
 * enrollment, for the program office (a regional manager's regions' only).
 */
export const invoiceRoutes: FastifyPluginAsync<{
  context: { invoices: InvoiceRepository }
}> = async (app, { context: { invoices } }) => {
  // Before the guid is checked: a stranger learns nothing but 401.
  app.addHook('onRequest', app.requireStaff)
  app.addHook('onRequest', app.allow('view'))
  const api = app.withTypeProvider<ZodTypeProvider>()

  // One of an enrollment outside a regional manager's regions answers as one with no invoice.
  const findInvoice = async (guid: string, scope: EnrollmentScope) => {
    const invoice = await invoices.findInScope(guid, scope)
    if (!invoice)
      throw AppError.notFound(
        'This enrollment has no invoice: only approved LMA enrollments are invoiced.',
      )
    return invoice
  }

  api.get('/invoices/:guid', { schema: invoiceRoute }, async (request, reply) => {
    const invoice = await findInvoice(request.params.guid, staffOf(request).scope)
    reply.header('cache-control', 'no-store')
    return toInvoiceWire(invoice, await invoices.revisions(invoice.enrollmentGuid))
  })

  api.get('/invoices/:guid/pdf', { schema: pdfRoute }, async (request, reply) => {
    const invoice = await findInvoice(request.params.guid, staffOf(request).scope)
    const wanted = request.query.revision ?? invoice.revision
    let drawn = toInvoiceWire(invoice)
    if (wanted !== invoice.revision) {
      const earlier = (await invoices.revisions(invoice.enrollmentGuid)).find(
        (each) => each.revision === wanted,
      )
      if (!earlier)
        throw AppError.notFound(`Invoice ${invoice.invoiceNumber} has no revision ${wanted}.`)
      // An earlier revision as it was mailed: live then, whatever the invoice is now.
      drawn = {
        ...toInvoiceWire({ ...invoice, ...earlier, voidedAt: null, voidCause: null }),
        standing: 'live',
      }
    }
    const pdf = await renderInvoicePdf(drawn, { logoPath: findBrandLogo(invoice.brand) })
    return reply
      .type('application/pdf')
      .header(
        'content-disposition',
        `attachment; filename="${invoiceFilename(invoice.invoiceNumber, wanted)}"`,
      )
      .header('cache-control', 'no-store')
      .send(pdf)
  })
}
