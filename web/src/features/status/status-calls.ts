import type { StatusPage, StatusPageInvoice } from '@shared/enrollment/status-page-schema'
import { api } from '../../lib/api-client'

const path = (token: string, rest = '') => `/api/status/${encodeURIComponent(token)}${rest}`

export function getStatusPage(token: string, signal?: AbortSignal): Promise<StatusPage> {
  return api.get<StatusPage>(path(token), { signal })
}

export function getStatusInvoice(token: string, signal?: AbortSignal): Promise<StatusPageInvoice> {
  return api.get<StatusPageInvoice>(path(token, '/invoice'), { signal })
}

/** Where the invoice's PDF downloads from: the link's token opens it, no sign-in needed. */
export function statusInvoicePdfUrl(token: string): string {
  return path(token, '/invoice/pdf')
}

export function askForStatusLinks(email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/status/lost-links', { email })
}
