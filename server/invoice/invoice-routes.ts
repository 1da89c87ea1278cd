import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../http/app-error.js'
import { findBrandLogo } from './brand-logo.js'
import { createInvoiceRepository } from './invoice-repository.js'
import { toInvoiceWire } from './invoice-wire.js'
import { renderInvoicePdf } from './render-invoice-pdf.js'

const params = z.object({ guid: z.uuid({ error: 'The enrollment id is not valid.' }) })

/**
 * GET /api/invoices/{guid} and /api/invoices/{guid}/pdf: the invoice of an approved LMA
 * enrollment, for administrators.
 */
export const invoiceRoutes: FastifyPluginAsync = async (app) => {
  const invoices = createInvoiceRepository(app.database.db)
  // Before the guid is checked: a stranger learns nothing but 401.
  app.addHook('onRequest', app.requireAdmin)
  const api = app.withTypeProvider<ZodTypeProvider>()

  const findInvoice = async (guid: string) => {
    const invoice = await invoices.findByEnrollment(guid)
    if (!invoice)
      throw AppError.notFound(
        'This enrollment has no invoice: only approved LMA enrollments are invoiced.',
      )
    return invoice
  }

  api.get('/invoices/:guid', { schema: { params } }, async (request, reply) => {
    const invoice = await findInvoice(request.params.guid)
    reply.header('cache-control', 'no-store')
    return toInvoiceWire(invoice)
  })

  api.get('/invoices/:guid/pdf', { schema: { params } }, async (request, reply) => {
    const invoice = await findInvoice(request.params.guid)
    const pdf = await renderInvoicePdf(toInvoiceWire(invoice), {
      logoPath: findBrandLogo(invoice.brand),
    })
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="invoice-${invoice.invoiceNumber}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf)
  })
}
