import type { auditTrailSchema } from '@shared/audit/audit-schema'
import type { sessionSchema } from '@shared/auth/session-schema'
import type { publicConfigSchema } from '@shared/config/public-config-schema'
import type { dashboardSchema } from '@shared/dashboard/dashboard-schema'
import type { openedDraftSchema, savedDraftSchema } from '@shared/enrollment/draft-schema'
import type {
  bacLookupResultSchema,
  deletedEnrollmentSchema,
  enrollmentHistoryItemSchema,
  enrollmentListChangesSchema,
  enrollmentListItemSchema,
  linkedEnrollmentSchema,
  lmaLookupResultSchema,
  storedEnrollmentSchema,
  submissionReceiptSchema,
} from '@shared/enrollment/enrollment-wire-schema'
import type {
  lostStatusLinkAnswerSchema,
  reissuedStatusLinkSchema,
  statusPageInvoiceSchema,
  statusPageSchema,
} from '@shared/enrollment/status-page-schema'
import type { invoiceSchema, paymentSchema } from '@shared/invoice/invoice-schema'
import type {
  bulkResultSchema,
  enrollmentMailSchema,
  noteSchema,
} from '@shared/office/office-schemas'
import type {
  invitationResultSchema,
  notReEnrolledSchema,
} from '@shared/re-enrollment/not-re-enrolled-schema'
import type { regionSchema } from '@shared/region/region'
import type { authorizationRemindersSchema } from '@shared/reminders/authorization-reminders-schema'
import type { rolloverResultSchema } from '@shared/rollover/rollover-schema'
import type { enrollmentShipmentsSchema, shipToSchema } from '@shared/shipping/enrollment-shipments'
import type { removedEventSchema } from '@shared/shipping/removed-event-schema'
import type {
  manifestSchema,
  releaseSummarySchema,
  salesEventSchema,
  shipmentSchema,
  trackingUploadResultSchema,
} from '@shared/shipping/shipping-schema'
import type { z } from 'zod'

/**
 * The one contract between the browser and the API: every JSON route the browser calls, by
 * `METHOD /path` as /api/openapi.json names it (`{name}` for a path parameter), to the shared zod
 * schema the server answers it with (`z.ZodArray<…>` for a list). The client's `call()`
 * (api-client.ts) answers the schema's output, with the route's path parameters typed; nothing
 * else in web/ writes an answer's type. Each route has one method, in one module of its feature
 * (`*-calls.ts`, `api/`), never named as a server operation is (it is then named after its
 * route: postEnrollment, not submitEnrollment).
 *
 * Types only: no schema reaches the browser (the public forms' bundle budget).
 * scripts/contract/web-api-contract.test.ts holds every row to the document the server builds:
 * the route is registered, and the schema named here is described exactly as the route's answer.
 */
export interface ApiRoutes {
  'GET /api/config': typeof publicConfigSchema
  'GET /api/session': typeof sessionSchema
  'GET /api/regions': z.ZodArray<typeof regionSchema>

  'GET /api/enrollments/autocomplete/bac': z.ZodArray<typeof bacLookupResultSchema>
  'GET /api/enrollments/autocomplete/lma-name': z.ZodArray<typeof lmaLookupResultSchema>
  'POST /api/enrollments': typeof submissionReceiptSchema
  'GET /api/enrollments/{guid}': typeof linkedEnrollmentSchema
  'POST /api/enrollments/{guid}/authorize': typeof linkedEnrollmentSchema
  'POST /api/drafts': typeof savedDraftSchema
  'PUT /api/drafts': typeof savedDraftSchema
  'GET /api/drafts': typeof openedDraftSchema

  'GET /api/status/{token}': typeof statusPageSchema
  'GET /api/status/{token}/invoice': typeof statusPageInvoiceSchema
  'POST /api/status/lost-links': typeof lostStatusLinkAnswerSchema
  'GET /api/invoices/{guid}': typeof invoiceSchema

  'GET /api/enrollments': z.ZodArray<typeof enrollmentListItemSchema>
  'GET /api/enrollments/changes': typeof enrollmentListChangesSchema
  'GET /api/enrollments/{guid}/history': z.ZodArray<typeof enrollmentHistoryItemSchema>
  'POST /api/enrollments/{guid}/update': typeof storedEnrollmentSchema
  'POST /api/enrollments/{guid}/approve': typeof storedEnrollmentSchema
  'POST /api/enrollments/{guid}/re-authorize': typeof storedEnrollmentSchema
  'POST /api/enrollments/{guid}/decline': typeof storedEnrollmentSchema
  'POST /api/enrollments/{guid}/delete': typeof deletedEnrollmentSchema
  'GET /api/enrollments/{guid}/authorization': typeof authorizationRemindersSchema
  'POST /api/enrollments/{guid}/status-link/reissue': typeof reissuedStatusLinkSchema
  'POST /api/rollover': typeof rolloverResultSchema

  'POST /api/enrollments/bulk/{action}': typeof bulkResultSchema
  'GET /api/enrollments/{guid}/notes': z.ZodArray<typeof noteSchema>
  'POST /api/enrollments/{guid}/notes': typeof noteSchema
  'GET /api/enrollments/{guid}/mails': z.ZodArray<typeof enrollmentMailSchema>
  'POST /api/enrollments/{guid}/mails/{mailId}/send-again': typeof enrollmentMailSchema
  'GET /api/enrollments/{guid}/payment': typeof paymentSchema
  'POST /api/enrollments/{guid}/payment': typeof paymentSchema
  'POST /api/enrollments/{guid}/payment/clear': typeof paymentSchema

  'GET /api/dashboard': typeof dashboardSchema
  'GET /api/audit': typeof auditTrailSchema
  'GET /api/re-enrollment': typeof notReEnrolledSchema
  'POST /api/re-enrollment/invitations': typeof invitationResultSchema

  'GET /api/shipping/events': z.ZodArray<typeof salesEventSchema>
  'POST /api/shipping/events': typeof salesEventSchema
  'PUT /api/shipping/events/{guid}': typeof salesEventSchema
  'DELETE /api/shipping/events/{guid}': typeof removedEventSchema
  'GET /api/shipping/events/{guid}/manifest': typeof manifestSchema
  'GET /api/shipping/events/{guid}/releases': z.ZodArray<typeof releaseSummarySchema>
  'POST /api/shipping/events/{guid}/releases': typeof releaseSummarySchema
  'POST /api/shipping/tracking': typeof trackingUploadResultSchema
  'GET /api/enrollments/{guid}/shipments': typeof enrollmentShipmentsSchema
  'PUT /api/shipments/{id}': typeof shipmentSchema
  'PUT /api/enrollments/{guid}/ship-to/{bac}': typeof shipToSchema
}

/**
 * The routes whose answer is a file (a PDF, an Excel workbook): fetched as a download, or the
 * target of a link or of a form the browser posts itself (api-files.ts: callFile, apiUrl).
 * scripts/contract/web-api-contract.test.ts holds them to the document too.
 */
export type ApiFileRoute =
  | 'GET /api/invoices/{guid}/pdf'
  | 'GET /api/status/{token}/invoice/pdf'
  | 'POST /api/reports/export'
  | 'POST /api/reports/enrollment-list'
  | 'POST /api/reports/invoices/{year}'
  | 'POST /api/reports/audit/{year}'
  | 'POST /api/reports/not-re-enrolled'
  | 'GET /api/shipping/events/{guid}/releases/{number}/file'
