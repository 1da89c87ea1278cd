import type { FastifyReply } from 'fastify'
import {
  type ReleaseFileFormat,
  type ReleaseFileRows,
  releaseFilename,
  releaseFileRows,
} from '../../shared/shipping/release-file.js'
import type { Release, ReleasedRow } from '../../shared/shipping/shipping-schema.js'
import { MANIFEST_COLUMNS, type ReleaseFileContext } from '../../shared/shipping/vendor-layout.js'
import { addReportSheet, type ReportColumn } from '../report/report-sheet.js'
import { safeCellText } from '../report/safe-cell-text.js'
import { sendXlsx } from '../report/xlsx-download.js'

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'

/** What every row of the file repeats: the event and the release. */
function fileContext(release: Release): ReleaseFileContext {
  return {
    eventCode: release.event.code,
    eventName: release.event.name,
    shipBy: release.event.shipBy,
    release: release.number,
  }
}

/** The file's cells of one row, in the layout's order (text not yet made safe). */
function rowValues(row: ReleasedRow, context: ReleaseFileContext): Array<string | number> {
  return MANIFEST_COLUMNS.map((column) => column.value(row, context))
}

/** A CSV field: safe from a spreadsheet's formulas, quoted when it holds a comma, quote or line end. */
function csvField(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : safeCellText(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * The release as CSV: UTF-8 with a byte-order mark (so Excel reads it as UTF-8), CRLF line ends,
 * a header row, then one line per row; text that a spreadsheet would run as a formula starts
 * with a single quote, as in the Excel reports.
 */
export function releaseCsv(release: Release, which: ReleaseFileRows): string {
  const context = fileContext(release)
  const lines = [
    MANIFEST_COLUMNS.map((column) => csvField(column.header)).join(','),
    ...releaseFileRows(release.rows, which).map((row) =>
      rowValues(row, context).map(csvField).join(','),
    ),
  ]
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

/** Widths of the Excel columns, in characters, by header (others 14). */
const WIDTHS: Record<string, number> = {
  'Event Code': 16,
  Event: 28,
  'Dealer Name': 32,
  Address: 32,
  City: 18,
  State: 7,
  'Hispanic Kit': 20,
  Reference: 16,
}

/** A row of every kind, to tell the layout's number columns from its text ones. */
const SAMPLE: ReleasedRow = {
  bac: '',
  dealerName: '',
  address: '',
  city: '',
  state: '',
  postal: '',
  country: '',
  englishKit: null,
  englishKits: 0,
  hispanicKit: null,
  hispanicKits: 0,
  reference: '',
  change: 'added',
}

function excelColumns(context: ReleaseFileContext): ReportColumn<ReleasedRow>[] {
  return MANIFEST_COLUMNS.map((column) => ({
    header: column.header,
    width: WIDTHS[column.header] ?? 14,
    kind: typeof column.value(SAMPLE, context) === 'number' ? 'integer' : 'text',
    value: (row) => column.value(row, context),
  }))
}

/** Sends the release as a CSV or an Excel attachment, named after the event and the release. */
export function sendReleaseFile(
  reply: FastifyReply,
  release: Release,
  format: ReleaseFileFormat,
  which: ReleaseFileRows,
): FastifyReply {
  const filename = releaseFilename(release.event.code, release.number, which, format)
  if (format === 'csv') {
    return reply
      .type(CSV_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(releaseCsv(release, which))
  }
  const context = fileContext(release)
  const rows = releaseFileRows(release.rows, which)
  return sendXlsx(reply, filename, async (download) => {
    const sheet = addReportSheet(download.workbook, 'Manifest', excelColumns(context))
    for (const row of rows) {
      if (download.closed) return rows.length
      sheet.add(row)
      if (download.backlogged()) await download.drained()
    }
    sheet.commit()
    return rows.length
  })
}
