import formbody from '@fastify/formbody'
import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../http/app-error.js'
import { exportEnrollments } from './export-enrollments.js'
import { exportInvoices } from './export-invoices.js'
import { reportToken, TOKEN_FIELD } from './report-token.js'

/** An ID token is a few kilobytes; nothing else is posted. */
const FORM_BODY_LIMIT = 16 * 1024

const reportForm = z
  .strictObject(
    { [TOKEN_FIELD]: z.string({ error: 'The token must be sent once, as text.' }) },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Only the field ${TOKEN_FIELD} may be sent.`
          : `The body must be a form with the field ${TOKEN_FIELD}.`,
    },
  )
  .partial()
  .nullish()

const yearParams = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, 'The year must be a four-digit number.')
    .transform(Number),
})

/**
 * The report downloads (SPEC.md §7, DESIGN.md §8): hidden HTML form posts carrying the ID token
 * in the field bearer_token, answered with a streamed Excel workbook.
 */
export const reportRoutes: FastifyPluginAsync = async (app) => {
  // Registered in this plugin only: no other route accepts form posts.
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT })
  // The token comes in the body, so it is checked once the body is read, before anything else.
  app.addHook('preValidation', async (request, reply) => {
    try {
      const token = reportToken(request.body, request.headers.authorization)
      request.admin = await app.adminFromToken(token, request)
      request.log.info({ username: request.admin.username }, 'report requested')
    } catch (error) {
      if (error instanceof AppError && error.status === 401) {
        reply.header('www-authenticate', 'Bearer')
      }
      throw error
    }
  })
  const { db } = app.database
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post(
    '/reports/export',
    { bodyLimit: FORM_BODY_LIMIT, schema: { body: reportForm } },
    (_request, reply) => exportEnrollments(reply, { db, config: app.config }),
  )

  api.post(
    '/reports/invoices/:year',
    { bodyLimit: FORM_BODY_LIMIT, schema: { body: reportForm, params: yearParams } },
    (request, reply) => exportInvoices(reply, db, request.params.year),
  )
}
