import type { FastifyReply } from 'fastify'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { Config } from '../config/config.js'
import { enrollmentExportColumns } from './enrollment-export-columns.js'
import type { EnrollmentExportRepository } from './enrollment-export-repository.js'
import { EXPORT_BATCH_ROWS, exportBatches } from './export-batches.js'
import { addReportSheet } from './report-sheet.js'
import { type DownloadRecorder, reportFilename, sendXlsx } from './xlsx-download.js'

export interface ExportOptions {
  enrollmentExport: EnrollmentExportRepository
  config: Config
  /** Whose enrollments: a regional manager's regions only. */
  scope: EnrollmentScope
  batchRows?: number
  recorded?: DownloadRecorder
}

/**
 * `POST /api/reports/export` (docs/product.md#reports): every enrollment, one row per dealer entry,
 * streamed batch by batch. The first batch is read before the headers go out, so a database
 * that cannot answer still gets a proper error response.
 */
export async function exportEnrollments(
  reply: FastifyReply,
  { enrollmentExport, config, scope, batchRows = EXPORT_BATCH_ROWS, recorded }: ExportOptions,
): Promise<FastifyReply> {
  const batches = exportBatches(enrollmentExport, scope, batchRows)
  const first = await batches.next()
  return sendXlsx(
    reply,
    reportFilename('pos-enrollments'),
    async (download) => {
      const sheet = addReportSheet(
        download.workbook,
        'Enrollments',
        enrollmentExportColumns(config.BRANDS),
      )
      let batch = first
      let rows = 0
      while (!batch.done && !download.closed) {
        // The next batch is read while this one is written: on PostgreSQL the database works in
        // its own process meanwhile. At most two batches are held (docs/performance.md).
        const following = batches.next()
        following.catch(() => {}) // awaited below, or dropped with the closed download
        for (const row of batch.value) {
          sheet.add(row)
          rows += 1
          // Wait whenever the zip or the client falls behind, so memory stays flat however many
          // rows there are.
          if (download.backlogged()) await download.drained()
          if (download.closed) break
        }
        if (download.closed) break
        batch = await following
      }
      if (download.closed) {
        await batches.return(undefined)
        return rows
      }
      sheet.commit()
      return rows
    },
    recorded,
  )
}
