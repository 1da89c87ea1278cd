import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { paymentSchema } from '../../shared/invoice/invoice-schema.js'
import {
  bulkBody,
  bulkResultSchema,
  enrollmentMailSchema,
  noteBody,
  noteSchema,
  paymentBody,
} from '../../shared/office/office-schemas.js'
import { noFields, prepareAdminRoutes, staffOf } from '../auth/admin-routes-support.js'
import { guidParams } from '../enrollment/public-enrollment-routes.js'
import { adminSecurity, problemResponses } from '../http/openapi-schemas.js'
import { runBulkAction } from './bulk-action.js'
import { addNote, listNotes } from './enrollment-notes.js'
import { findPayment, recordPayment } from './invoice-payment.js'
import { listMails, sendMailAgain } from './mail-status.js'
import type { OfficeContext } from './office-context.js'

const admin = { tags: ['Program office'], security: adminSecurity }

const mailParams = guidParams.extend({
  mailId: z
    .string({ error: 'The mail id is not valid.' })
    .regex(/^\d{1,18}$/, 'The mail id is not valid.'),
})

const bulkParams = z.object({
  action: z.enum(['approve', 'decline'], { error: 'The bulk action is approve or decline.' }),
})

/**
 * The program office's workflow beyond the single actions (docs/product.md#office-workflow):
 * bulk Approve and Decline, internal notes, the status of an enrollment's mails and sending one
 * again, and invoice payments. Every role reads them; administrators and regional managers act.
 */
export const officeRoutes: FastifyPluginAsync<{ context: OfficeContext }> = async (
  app,
  { context },
) => {
  prepareAdminRoutes(app)
  const view = app.allow('view')
  const change = app.allow('change')
  const api = app.withTypeProvider<ZodTypeProvider>()
  const noStore = { 'cache-control': 'no-store' }

  api.post(
    '/enrollments/bulk/:action',
    {
      onRequest: change,
      schema: {
        ...admin,
        summary: 'Approve or Decline many enrollments; each in its own transaction',
        params: bulkParams,
        body: bulkBody,
        response: { 200: bulkResultSchema, ...problemResponses },
      },
    },
    async (request) =>
      runBulkAction(context, request.params.action, request.body.guids, staffOf(request), {
        reason: request.body.reason,
        shareReason: request.body.shareReason,
        dryRun: request.body.dryRun,
        log: request.log,
      }),
  )

  api.get(
    '/enrollments/:guid/notes',
    {
      onRequest: view,
      schema: {
        ...admin,
        summary: 'The internal notes of an enrollment, oldest first',
        params: guidParams,
        response: { 200: z.array(noteSchema), ...problemResponses },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return listNotes(context, request.params.guid, staffOf(request).scope)
    },
  )

  api.post(
    '/enrollments/:guid/notes',
    {
      onRequest: change,
      schema: {
        ...admin,
        summary: 'Add an internal note to an enrollment',
        params: guidParams,
        body: noteBody,
        response: { 201: noteSchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      reply.code(201)
      return addNote(context, request.params.guid, request.body.text, staffOf(request))
    },
  )

  api.get(
    '/enrollments/:guid/mails',
    {
      onRequest: view,
      schema: {
        ...admin,
        summary: 'The mails about an enrollment and whether each was sent',
        params: guidParams,
        response: { 200: z.array(enrollmentMailSchema), ...problemResponses },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return listMails(context, request.params.guid, staffOf(request).scope)
    },
  )

  api.post(
    '/enrollments/:guid/mails/:mailId/send-again',
    {
      onRequest: change,
      schema: {
        ...admin,
        summary: 'Send a failed or retrying mail again now',
        params: mailParams,
        body: noFields,
        response: { 200: enrollmentMailSchema, ...problemResponses },
      },
    },
    async (request) =>
      sendMailAgain(context, request.params.guid, request.params.mailId, staffOf(request)),
  )

  api.get(
    '/enrollments/:guid/payment',
    {
      onRequest: view,
      schema: {
        ...admin,
        summary: 'The invoice of an enrollment and whether it is paid',
        params: guidParams,
        response: { 200: paymentSchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return findPayment(context, request.params.guid, staffOf(request).scope)
    },
  )

  api.post(
    '/enrollments/:guid/payment',
    {
      onRequest: change,
      schema: {
        ...admin,
        summary: 'Mark the invoice paid: the date and the payment reference',
        params: guidParams,
        body: paymentBody,
        response: { 200: paymentSchema, ...problemResponses },
      },
    },
    async (request) => recordPayment(context, request.params.guid, request.body, staffOf(request)),
  )

  api.post(
    '/enrollments/:guid/payment/clear',
    {
      onRequest: change,
      schema: {
        ...admin,
        summary: 'Mark the invoice unpaid again',
        params: guidParams,
        body: noFields,
        response: { 200: paymentSchema, ...problemResponses },
      },
    },
    async (request) => recordPayment(context, request.params.guid, null, staffOf(request)),
  )
}
