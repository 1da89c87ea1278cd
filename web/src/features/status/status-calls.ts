import type {
  LostStatusLinkAnswer,
  StatusPage,
  StatusPageInvoice,
} from '@shared/enrollment/status-page-schema'
import { call } from '../../lib/api-client'
import { apiUrl } from '../../lib/api-files'

export function getStatusPage(token: string, signal?: AbortSignal): Promise<StatusPage> {
  return call('GET /api/status/{token}', { params: { token }, signal })
}

export function getStatusInvoice(token: string, signal?: AbortSignal): Promise<StatusPageInvoice> {
  return call('GET /api/status/{token}/invoice', { params: { token }, signal })
}

/** Where the invoice's PDF downloads from: the link's token opens it, no sign-in needed. */
export function statusInvoicePdfUrl(token: string): string {
  return apiUrl('GET /api/status/{token}/invoice/pdf', { params: { token } })
}

export function askForStatusLinks(email: string): Promise<LostStatusLinkAnswer> {
  return call('POST /api/status/lost-links', { body: { email } })
}
