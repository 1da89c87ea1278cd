/**
 * The export's baseline, run as a child process by the benchmark: the same dealer rows the
 * export database holds, regenerated from the same seed and written straight to an .xlsx
 * stream with exceljs's streaming writer (the export's columns, typed cells, frozen header,
 * filter), no database and no HTTP. Prints one JSON line: seconds, rows, bytes and memory.
 *   tsx scripts/bench/export-baseline.ts '{"chunks":[25000],"dealers":20000,...}'
 */

import { writeFileSync } from 'node:fs'
import { Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import { DEALER_ENTRY_FIELDS, DEALER_FIELDS } from '../../shared/enrollment/dealer-entry-fields.js'
import { LMA_FIELDS } from '../../shared/enrollment/lma-record-fields.js'
import { EXCEL_DATE_TIME_FORMAT } from '../../shared/format/date-text.js'
import type { Region } from '../../shared/region/region.js'
import { benchDirectory, enrollmentStream, takeDealerRows } from './data/bench-data.js'
import { readMemory } from './server-process.js'

export interface BaselineInput {
  /** The dealer rows added to the export database at each step, in order. */
  chunks: number[]
  dealers: number
  perYear: number
  lmaShare: number
  year: number
  regions: Region[]
}

export interface BaselineResult {
  seconds: number
  rows: number
  bytes: number
  rssBeforeMb: number
  peakMb: number
}

const TEXT = '@'
const input = JSON.parse(process.argv[2] ?? '{}') as BaselineInput
const directory = benchDirectory(input.dealers)
const regionNames = new Map(input.regions.map((region) => [region.id, region.name]))
const stream = enrollmentStream({
  dealers: directory,
  regions: input.regions,
  year: input.year,
  perYear: input.perYear,
  lmaShare: input.lmaShare,
})

let bytes = 0
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    bytes += chunk.length
    done()
  },
})
const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
  stream: sink,
  useStyles: true,
  useSharedStrings: false,
})
const sheet = workbook.addWorksheet('Enrollments', { views: [{ state: 'frozen', ySplit: 1 }] })
const formats = [
  '0',
  ...Array(4).fill(TEXT),
  EXCEL_DATE_TIME_FORMAT,
  EXCEL_DATE_TIME_FORMAT,
  ...Array(LMA_FIELDS.length + DEALER_FIELDS.length).fill(TEXT),
  '"$"#,##0.00',
  TEXT,
] as string[]
sheet.columns = formats.map((numFmt, index) => ({
  header: `Column ${index + 1}`,
  width: 16,
  style: { numFmt },
}))
// One style object per column for the data cells, as the server's report sheet gives them:
// without it exceljs renders each cell's style to find its id (report-sheet.ts).
const dataStyles = formats.map((numFmt) => ({ numFmt }))
sheet.getRow(1).font = { bold: true }
sheet.getRow(1).commit()

writeFileSync('/proc/self/clear_refs', '5')
const before = readMemory('self')
const started = performance.now()
let rows = 0
for (const size of input.chunks) {
  for (const { enrollment, dealers } of takeDealerRows(stream, size)) {
    const lma = enrollment.lma ? (JSON.parse(enrollment.lma) as Record<string, unknown>) : null
    const lmaText = (key: string) => (lma ? String(lma[key] ?? '') : null)
    for (const dealer of dealers) {
      const row = sheet.addRow([
        enrollment.year,
        enrollment.brand,
        enrollment.type,
        enrollment.status,
        regionNames.get(enrollment.region_id ?? 0) ?? null,
        new Date(enrollment.created_at ?? 0),
        new Date(enrollment.modified_at ?? 0),
        ...LMA_FIELDS.map(lmaText),
        ...DEALER_FIELDS.map((field) => dealer[DEALER_ENTRY_FIELDS[field].column] ?? ''),
        dealer.kit_size === 'Large' ? 125 : 75,
        enrollment.guid,
      ])
      for (const [index, style] of dataStyles.entries()) {
        const cell = row.findCell(index + 1)
        if (cell) cell.style = style
      }
      row.commit()
      rows++
      // Like the server, let the stream take what was written before going on.
      if (rows % 10 === 0) await new Promise((resolve) => setImmediate(resolve))
    }
  }
}
sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows + 1, column: formats.length } }
sheet.commit()
await workbook.commit()
const result: BaselineResult = {
  seconds: (performance.now() - started) / 1000,
  rows,
  bytes,
  rssBeforeMb: before.rssMb,
  peakMb: readMemory('self').peakMb,
}
process.stdout.write(`${JSON.stringify(result)}\n`)
