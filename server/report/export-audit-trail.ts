import type { FastifyReply } from 'fastify'
import type { AuditEntry } from '../../shared/audit/audit-schema.js'
import { auditActionText, auditFiltersText } from '../../shared/audit/audit-words.js'
import { addReportSheet, type ReportColumn } from './report-sheet.js'
import { type DownloadRecorder, reportFilename, sendXlsx } from './xlsx-download.js'

/** The columns of the Audit trail tab, in its order and words. */
const AUDIT_COLUMNS: ReportColumn<AuditEntry>[] = [
  { header: 'When (UTC)', width: 18, kind: 'dateTime', value: (entry) => new Date(entry.at) },
  { header: 'Who', width: 28, kind: 'text', value: (entry) => entry.actor },
  { header: 'What', width: 32, kind: 'text', value: (entry) => auditActionText(entry) },
  { header: 'Filters', width: 60, kind: 'text', value: (entry) => auditFiltersText(entry.filters) },
  { header: 'Rows', width: 8, kind: 'integer', value: (entry) => entry.rows },
]

/**
 * `POST /api/reports/audit/{year}` (docs/product.md#audit-trail): a year's audit trail, newest
 * first, as the tab shows it. A year's trail is read at once (some entries a day).
 */
export async function exportAuditTrail(
  reply: FastifyReply,
  year: number,
  entries: readonly AuditEntry[],
  recorded?: DownloadRecorder,
): Promise<FastifyReply> {
  return sendXlsx(
    reply,
    reportFilename(`pos-audit-trail-${year}`),
    async (download) => {
      const sheet = addReportSheet(download.workbook, `Audit trail ${year}`, AUDIT_COLUMNS)
      for (const entry of entries) {
        sheet.add(entry)
        if (download.backlogged()) await download.drained()
        if (download.closed) return 0
      }
      sheet.commit()
      return entries.length
    },
    recorded,
  )
}
