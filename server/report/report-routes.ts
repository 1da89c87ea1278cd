import formbody from '@fastify/formbody'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AuditAction, AuditFilters } from '../../shared/audit/audit-schema.js'
import {
  DEFAULT_LIST_SORT,
  formatListSort,
  parseListSort,
} from '../../shared/enrollment/list-view.js'
import { type AuditRepository, auditFilters, scopeFilters } from '../audit/audit-repository.js'
import { staffOf } from '../auth/admin-routes-support.js'
import { bearerToken } from '../auth/bearer-token.js'
import { brandFilter } from '../dashboard/dashboard-query.js'
import { enrollmentListQuery } from '../enrollment-list/enrollment-list-query.js'
import type { EnrollmentListRepository } from '../enrollment-list/enrollment-list-repository.js'
import { AppError } from '../http/app-error.js'
import { adminSecurity, fileResponse, problemResponses } from '../http/openapi-schemas.js'
import type { InvoiceRepository } from '../invoice/invoice-repository.js'
import { notReEnrolledQuery, regionFilter } from '../re-enrollment/not-re-enrolled-query.js'
import type { createNotReEnrolledRepository } from '../re-enrollment/not-re-enrolled-repository.js'
import type { RegionRepository } from '../region/region-repository.js'
import type { EnrollmentExportRepository } from './enrollment-export-repository.js'
import { exportAuditTrail } from './export-audit-trail.js'
import { exportEnrollmentList } from './export-enrollment-list.js'
import { exportEnrollments } from './export-enrollments.js'
import { exportInvoices } from './export-invoices.js'
import { exportNotReEnrolled } from './export-not-re-enrolled.js'
import { formToken, TOKEN_FIELD } from './report-token.js'
import { type DownloadRecorder, XLSX_CONTENT_TYPE } from './xlsx-download.js'

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

const SORT_MESSAGE = 'Sort must name a column of the list, such as submitted or -dealerName.'

/** The admin list's filters and sort, as its address names them (the search as `search`). */
const listReportForm = z
  .strictObject(
    {
      [TOKEN_FIELD]: z.string({ error: 'The token must be sent once, as text.' }).optional(),
      ...enrollmentListQuery.shape,
      sort: z.preprocess(
        (value) => (value === '' ? undefined : value),
        z
          .string({ error: SORT_MESSAGE })
          .transform((text, context) => {
            const sort = parseListSort(text)
            if (sort) return sort
            context.addIssue({ code: 'custom', message: SORT_MESSAGE })
            return z.NEVER
          })
          .optional(),
      ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Only the fields ${TOKEN_FIELD}, year, type, status, brand, search, attention, invoice, waiting and sort may be sent.`
          : 'The body must be a form of the list’s filters.',
    },
  )
  .nullish()

const yearParams = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, 'The year must be a four-digit number.')
    .transform(Number),
})

/** The ID token comes in the form field bearer_token or, for other clients, as a bearer token. */
const report = {
  tags: ['Reports'],
  security: adminSecurity,
  consumes: ['application/x-www-form-urlencoded'],
  body: reportForm,
}

const workbook = fileResponse(XLSX_CONTENT_TYPE, 'An Excel workbook, as an attachment.')

const enrollmentReportRoute = {
  ...report,
  summary: 'Every enrollment, one row per dealer, as an Excel workbook',
  response: { 200: workbook, ...problemResponses },
}

const listReportRoute = {
  ...report,
  summary: 'The admin list as shown for its filters and sort, as an Excel workbook',
  body: listReportForm,
  response: { 200: workbook, ...problemResponses },
}

const invoiceReportRoute = {
  ...report,
  summary: 'The invoices of a year as an Excel workbook',
  params: yearParams,
  response: { 200: workbook, ...problemResponses },
}

const auditReportRoute = {
  ...report,
  summary: 'The audit trail of a year, newest first, as an Excel workbook',
  params: yearParams,
  response: { 200: workbook, ...problemResponses },
}

/**
 * Records a download in the audit trail once its workbook is complete, with the rows it sent
 * (docs/product.md#audit-trail), and the regions a regional manager's rows were limited to.
 */
function recordDownload(
  audit: AuditRepository,
  request: FastifyRequest,
  action: AuditAction,
  year: number,
  filters: AuditFilters,
): DownloadRecorder {
  const staff = staffOf(request)
  const recorded = { ...filters, ...scopeFilters(staff) }
  return (rows) => audit.record({ actor: staff.username, action, year, filters: recorded, rows })
}

/**
 * The report downloads (docs/product.md#reports): hidden HTML form posts carrying the ID token
 * in the field bearer_token, answered with a streamed Excel workbook.
 */
/** What the reports are handed: the part of the app's context they read. */
export interface ReportContext {
  audit: AuditRepository
  enrollmentExport: EnrollmentExportRepository
  enrollmentList: EnrollmentListRepository
  invoices: InvoiceRepository
  regions: RegionRepository
  notReEnrolled: ReturnType<typeof createNotReEnrolledRepository>
}

export const reportRoutes: FastifyPluginAsync<{ context: ReportContext }> = async (
  app,
  { context },
) => {
  const { audit } = context
  // Registered in this plugin only: no other route accepts form posts.
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT })
  const signIn = async (
    token: string | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    try {
      request.staff = await app.staffFromToken(token, request)
      request.log.info({ username: request.staff.username }, 'report requested')
    } catch (error) {
      if (error instanceof AppError && error.status === 401) {
        reply.header('www-authenticate', 'Bearer')
      }
      throw error
    }
  }
  // Before the body is read: a token in the Authorization header is checked here, and a request
  // that carries neither that nor a form (the only place left for a token) is refused at once.
  app.addHook('onRequest', async (request, reply) => {
    const header = bearerToken(request.headers.authorization)
    if (header || !isFormPost(request)) await signIn(header, request, reply)
  })
  // The form's token, once its (small) body is read and before it is validated; when a form
  // carries one it decides, so a bad one is never rescued by a good header.
  app.addHook('preValidation', async (request, reply) => {
    const token = formToken(request.body)
    if (token || !request.staff) await signIn(token, request, reply)
  })
  // Every office role downloads the reports (a regional manager's hold their regions); the print
  // vendor, whose token carries a role too, none of them.
  const view = app.allow('view')
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post(
    '/reports/export',
    { bodyLimit: FORM_BODY_LIMIT, schema: enrollmentReportRoute, preHandler: view },
    (request, reply) =>
      exportEnrollments(reply, {
        enrollmentExport: context.enrollmentExport,
        config: app.config,
        scope: staffOf(request).scope,
        recorded: recordDownload(audit, request, 'export', app.config.ENROLLMENT_YEAR, {}),
      }),
  )

  api.post(
    '/reports/enrollment-list',
    { bodyLimit: FORM_BODY_LIMIT, schema: listReportRoute, preHandler: view },
    (request, reply) => {
      const { search, sort, [TOKEN_FIELD]: _token, ...filters } = request.body ?? {}
      const listFilters = { ...filters, search: search?.trim() || undefined }
      const listSort = sort ?? DEFAULT_LIST_SORT
      return exportEnrollmentList(reply, {
        enrollmentList: context.enrollmentList,
        brands: app.config.BRANDS,
        filters: { ...listFilters, scope: staffOf(request).scope },
        sort: listSort,
        recorded: recordDownload(
          audit,
          request,
          'list-export',
          filters.year ?? app.config.ENROLLMENT_YEAR,
          auditFilters({ ...listFilters, sort: formatListSort(listSort) }),
        ),
      })
    },
  )

  api.post(
    '/reports/invoices/:year',
    { bodyLimit: FORM_BODY_LIMIT, schema: invoiceReportRoute, preHandler: view },
    (request, reply) =>
      exportInvoices(
        reply,
        context.invoices,
        request.params.year,
        staffOf(request).scope,
        recordDownload(audit, request, 'invoice-report', request.params.year, {
          year: request.params.year,
        }),
      ),
  )

  api.post(
    '/reports/audit/:year',
    { bodyLimit: FORM_BODY_LIMIT, schema: auditReportRoute, preHandler: app.allow('audit') },
    async (request, reply) => {
      const { year } = request.params
      return exportAuditTrail(
        reply,
        year,
        await audit.listByYear(year),
        recordDownload(audit, request, 'audit-report', year, { year }),
      )
    },
  )

  await app.register(notReEnrolledReport, { context })
}

/** The not-re-enrolled list as filtered on its page (the filters in the query string). */
const notReEnrolledReportRoute = {
  ...report,
  summary: 'Last year’s approved dealers and LMAs not enrolled in a year, as an Excel workbook',
  querystring: notReEnrolledQuery,
  response: { 200: workbook, ...problemResponses },
}

export const notReEnrolledReport: FastifyPluginAsync<{ context: ReportContext }> = async (
  app,
  { context },
) => {
  const { regions, notReEnrolled: repository } = context
  app.withTypeProvider<ZodTypeProvider>().post(
    '/reports/not-re-enrolled',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: notReEnrolledReportRoute,
      preHandler: app.allow('view'),
    },
    async (request, reply) => {
      const year = request.query.year ?? app.config.ENROLLMENT_YEAR
      const brand = brandFilter(app.config.BRANDS, request.query.brand)
      const { scope } = staffOf(request)
      const regionId = await regionFilter(regions, request.query.region, scope)
      const items = await repository.find({
        scope,
        year,
        brand,
        regionId,
        type: request.query.type,
      })
      const regionList = await regions.list()
      const region = regionList.find((each) => each.id === regionId)?.name
      return exportNotReEnrolled(
        reply,
        year,
        items,
        regionList,
        app.config.BRANDS,
        recordDownload(
          context.audit,
          request,
          'not-re-enrolled-export',
          year,
          auditFilters({ year, brand, region, type: request.query.type }),
        ),
      )
    },
  )
}

function isFormPost(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? ''
  return type.toLowerCase().startsWith('application/x-www-form-urlencoded')
}
