import type { AttentionFilter } from '@shared/office/office-limits'
import type {
  BulkResult,
  EnrollmentMail,
  EnrollmentNote,
  InvoicePayment,
  MailStatus,
} from '@shared/office/office-schemas'
import { api } from '../../../lib/api-client'

const path = (guid: string, rest: string) => `/api/enrollments/${encodeURIComponent(guid)}/${rest}`

export function getNotes(guid: string, signal?: AbortSignal): Promise<EnrollmentNote[]> {
  return api.get<EnrollmentNote[]>(path(guid, 'notes'), { signal })
}

export function addNote(guid: string, text: string): Promise<EnrollmentNote> {
  return api.post<EnrollmentNote>(path(guid, 'notes'), { text })
}

export function getMails(guid: string, signal?: AbortSignal): Promise<EnrollmentMail[]> {
  return api.get<EnrollmentMail[]>(path(guid, 'mails'), { signal })
}

export function sendMailAgain(guid: string, mailId: string): Promise<EnrollmentMail> {
  return api.post<EnrollmentMail>(path(guid, `mails/${encodeURIComponent(mailId)}/send-again`))
}

export function getPayment(guid: string, signal?: AbortSignal): Promise<InvoicePayment> {
  return api.get<InvoicePayment>(path(guid, 'payment'), { signal })
}

export function markPaid(guid: string, paidOn: string, reference: string): Promise<InvoicePayment> {
  return api.post<InvoicePayment>(path(guid, 'payment'), { paidOn, reference })
}

export function markUnpaid(guid: string): Promise<InvoicePayment> {
  return api.post<InvoicePayment>(path(guid, 'payment/clear'))
}

export function runBulkAction(
  action: 'approve' | 'decline',
  guids: readonly string[],
  options: { reason?: string | undefined; shareReason?: boolean; dryRun?: boolean } = {},
): Promise<BulkResult> {
  return api.post<BulkResult>(`/api/enrollments/bulk/${action}`, {
    guids,
    ...(options.reason ? { reason: options.reason } : {}),
    ...(options.reason && options.shareReason ? { shareReason: true } : {}),
    ...(options.dryRun ? { dryRun: true } : {}),
  })
}

export type {
  AttentionFilter,
  BulkResult,
  EnrollmentMail,
  EnrollmentNote,
  InvoicePayment,
  MailStatus,
}
