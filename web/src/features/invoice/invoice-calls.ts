import { type Invoice, invoiceFilename } from '@shared/invoice/invoice'
import { ApiError, call } from '../../lib/api-client'
import { callFile } from '../../lib/api-files'

export function getInvoice(guid: string, signal?: AbortSignal): Promise<Invoice> {
  return call('GET /api/invoices/{guid}', { params: { guid }, signal })
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
  let pdf: Blob
  try {
    pdf = await callFile('GET /api/invoices/{guid}/pdf', {
      params: { guid: invoice.guid },
      query: revision === invoice.revision ? {} : { revision: String(revision) },
      headers: { authorization: `Bearer ${token}` },
    })
  } catch (error) {
    if (error instanceof ApiError) {
      throw new Error(`The PDF could not be downloaded (${error.status}).`)
    }
    throw error
  }
  const url = URL.createObjectURL(pdf)
  const link = document.createElement('a')
  link.href = url
  link.download = invoiceFilename(invoice.invoiceNumber, revision)
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
