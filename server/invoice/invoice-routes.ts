import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../http/app-error.js'
import { createInvoiceRepository } from './invoice-repository.js'
import { toInvoiceWire } from './invoice-wire.js'

const params = z.object({ guid: z.uuid({ error: 'The enrollment id is not valid.' }) })

/** GET /api/invoices/{guid}: the invoice of an approved LMA enrollment, for administrators. */
export const invoiceRoutes: FastifyPluginAsync = async (app) => {
  const invoices = createInvoiceRepository(app.database.db)
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/invoices/:guid',
      { schema: { params }, preHandler: app.requireAdmin },
      async (request, reply) => {
        const invoice = await invoices.findByEnrollment(request.params.guid)
        if (!invoice)
          throw AppError.notFound(
            'This enrollment has no invoice: only approved LMA enrollments are invoiced.',
          )
        reply.header('cache-control', 'no-store')
        return toInvoiceWire(invoice)
      },
    )
}
