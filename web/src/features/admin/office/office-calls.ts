import type { MailStatus } from '@shared/domain/mail-statuses'
import type { ReissuedStatusLink } from '@shared/enrollment/status-page-schema'
import type { InvoicePayment } from '@shared/invoice/invoice'
import type { AttentionFilter } from '@shared/office/office-limits'
import type { BulkResult, EnrollmentMail, EnrollmentNote } from '@shared/office/office-schemas'
import { call } from '../../../lib/api-client'

export function getNotes(guid: string, signal?: AbortSignal): Promise<EnrollmentNote[]> {
  return call('GET /api/enrollments/{guid}/notes', { params: { guid }, signal })
}

export function postNote(guid: string, text: string): Promise<EnrollmentNote> {
  return call('POST /api/enrollments/{guid}/notes', { params: { guid }, body: { text } })
}

export function getMails(guid: string, signal?: AbortSignal): Promise<EnrollmentMail[]> {
  return call('GET /api/enrollments/{guid}/mails', { params: { guid }, signal })
}

export function postSendAgain(guid: string, mailId: string): Promise<EnrollmentMail> {
  return call('POST /api/enrollments/{guid}/mails/{mailId}/send-again', {
    params: { guid, mailId },
  })
}

export function getPayment(guid: string, signal?: AbortSignal): Promise<InvoicePayment> {
  return call('GET /api/enrollments/{guid}/payment', { params: { guid }, signal })
}

export function markPaid(guid: string, paidOn: string, reference: string): Promise<InvoicePayment> {
  return call('POST /api/enrollments/{guid}/payment', {
    params: { guid },
    body: { paidOn, reference },
  })
}

export function markUnpaid(guid: string): Promise<InvoicePayment> {
  return call('POST /api/enrollments/{guid}/payment/clear', { params: { guid } })
}

export function postBulkAction(
  action: 'approve' | 'decline',
  guids: readonly string[],
  options: { reason?: string | undefined; shareReason?: boolean; dryRun?: boolean } = {},
): Promise<BulkResult> {
  return call('POST /api/enrollments/bulk/{action}', {
    params: { action },
    body: {
      guids,
      ...(options.reason ? { reason: options.reason } : {}),
      ...(options.reason && options.shareReason ? { shareReason: true } : {}),
      ...(options.dryRun ? { dryRun: true } : {}),
    },
  })
}

/** Revokes every status link of the enrollment and mails a new one to the receipt's recipient. */
export function postStatusLinkReissue(guid: string): Promise<ReissuedStatusLink> {
  return call('POST /api/enrollments/{guid}/status-link/reissue', { params: { guid } })
}

export type {
  AttentionFilter,
  BulkResult,
  EnrollmentMail,
  EnrollmentNote,
  InvoicePayment,
  MailStatus,
}
