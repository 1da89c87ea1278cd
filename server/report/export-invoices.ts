import type { FastifyReply } from 'fastify'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { InvoiceRepository } from '../invoice/invoice-repository.js'
import { INVOICE_REPORT_COLUMNS, invoiceTotals } from './invoice-report-columns.js'
import { addReportSheet } from './report-sheet.js'
import { type DownloadRecorder, reportFilename, sendXlsx } from './xlsx-download.js'

/**
 * `POST /api/reports/invoices/{year}` (docs/product.md#reports): one row per invoice of the year
 * (of the scope's enrollments: a regional manager's regions), then a totals row. A year has at
 * most one invoice per LMA enrollment, so they are read at once.
 */
export async function exportInvoices(
  reply: FastifyReply,
  repository: InvoiceRepository,
  year: number,
  scope: EnrollmentScope,
  recorded?: DownloadRecorder,
): Promise<FastifyReply> {
  const invoices = await repository.listByYear(year, scope)
  return sendXlsx(
    reply,
    reportFilename(`pos-invoices-${year}`),
    async (download) => {
      const sheet = addReportSheet(download.workbook, `Invoices ${year}`, INVOICE_REPORT_COLUMNS)
      for (const invoice of invoices) {
        sheet.add(invoice)
        if (download.backlogged()) await download.drained()
        if (download.closed) return 0
      }
      sheet.addTotals(invoiceTotals(invoices))
      sheet.commit()
      return invoices.length
    },
    recorded,
  )
}
