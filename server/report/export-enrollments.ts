import type { FastifyReply } from 'fastify'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { Config } from '../config/config.js'
import {
  enrollmentExportColumns,
  type ShippedExportRow,
  shipmentKey,
} from './enrollment-export-columns.js'
import type {
  EnrollmentExportRepository,
  ExportEvent,
  ExportShipment,
} from './enrollment-export-repository.js'
import { EXPORT_BATCH_ROWS, type ExportRow, exportBatches } from './export-batches.js'
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
 * The batches with their rows' shipments of `events`: one read per batch, of its enrollments.
 */
async function* withShipments(
  batches: AsyncGenerator<ExportRow[]>,
  enrollmentExport: EnrollmentExportRepository,
  events: readonly ExportEvent[],
  scope: EnrollmentScope,
): AsyncGenerator<ShippedExportRow[]> {
  const eventIds = events.map((event) => event.id)
  for await (const batch of batches) {
    if (eventIds.length === 0) {
      yield batch
      continue
    }
    const guids = [...new Set(batch.map((row) => row.guid))]
    const shipments = new Map<string, ExportShipment[]>()
    for (const shipment of await enrollmentExport.shipmentsOf(guids, eventIds, scope)) {
      // The stored key is the BAC's key already; shipmentKey keys it again, which keeps it.
      const key = shipmentKey(shipment.eventId, shipment.enrollmentGuid, shipment.bacKey)
      const list = shipments.get(key)
      if (list) list.push(shipment)
      else shipments.set(key, [shipment])
    }
    yield batch.map((row) => ({ ...row, shipments }))
  }
}

/**
 * `POST /api/reports/export` (docs/product.md#reports): every enrollment, one row per dealer entry,
 * with a column group per sales event of the enrollment year (its shipments), streamed batch by
 * batch. The events and the first batch are read before the headers go out, so a database that
 * cannot answer still gets a proper error response.
 */
export async function exportEnrollments(
  reply: FastifyReply,
  { enrollmentExport, config, scope, batchRows = EXPORT_BATCH_ROWS, recorded }: ExportOptions,
): Promise<FastifyReply> {
  const events = await enrollmentExport.eventsOfYear(config.ENROLLMENT_YEAR)
  const batches = withShipments(
    exportBatches(enrollmentExport, scope, batchRows),
    enrollmentExport,
    events,
    scope,
  )
  const first = await batches.next()
  return sendXlsx(
    reply,
    reportFilename('pos-enrollments'),
    async (download) => {
      const sheet = addReportSheet(
        download.workbook,
        'Enrollments',
        enrollmentExportColumns(config.BRANDS, events),
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
