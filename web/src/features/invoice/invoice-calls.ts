import type { Invoice } from '@shared/invoice/invoice'
import { api } from '../../lib/api-client'

export function getInvoice(guid: string, signal?: AbortSignal): Promise<Invoice> {
  return api.get<Invoice>(`/api/invoices/${encodeURIComponent(guid)}`, { signal })
}

/** Fetches the PDF with the bearer token and hands it to the browser as a download. */
export async function downloadInvoicePdf(invoice: Invoice, token: string): Promise<void> {
  const response = await fetch(`/api/invoices/${encodeURIComponent(invoice.guid)}/pdf`, {
    headers: { authorization: `Bearer ${token}` },
  })
  if (!response.ok) throw new Error(`The PDF could not be downloaded (${response.status}).`)
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = `invoice-${invoice.invoiceNumber}.pdf`
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
