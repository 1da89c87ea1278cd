import { type Invoice, invoiceFilename } from '@shared/invoice/invoice'
import { api } from '../../lib/api-client'

export function getInvoice(guid: string, signal?: AbortSignal): Promise<Invoice> {
  return api.get<Invoice>(`/api/invoices/${encodeURIComponent(guid)}`, { signal })
}

/**
 * Fetches the PDF of the invoice's current revision, or of an earlier one, with the bearer token
 * and hands it to the browser as a download (`invoice-2026-0003.pdf`, `invoice-2026-0003-r2.pdf`).
 */
export async function downloadInvoicePdf(
  invoice: Pick<Invoice, 'guid' | 'invoiceNumber' | 'revision'>,
  token: string,
  revision = invoice.revision,
): Promise<void> {
  const query = revision === invoice.revision ? '' : `?revision=${revision}`
  const response = await fetch(`/api/invoices/${encodeURIComponent(invoice.guid)}/pdf${query}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  if (!response.ok) throw new Error(`The PDF could not be downloaded (${response.status}).`)
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = invoiceFilename(invoice.invoiceNumber, revision)
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
