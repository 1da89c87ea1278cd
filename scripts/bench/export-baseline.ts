/**
 * The export's baseline, run as a child process by the benchmark: the same dealer rows the
 * export database holds, regenerated from the same seed and written straight to an .xlsx
 * stream with exceljs's streaming writer (42 columns, typed cells, frozen header, filter), no
 * database and no HTTP. Prints one JSON line: seconds, rows, bytes and memory.
 *   tsx scripts/bench/export-baseline.ts '{"chunks":[25000],"dealers":20000,...}'
 */

import { writeFileSync } from 'node:fs'
import { Writable } from 'node:stream'
import ExcelJS from 'exceljs'
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
/** The LMA record's 18 fields, in the report's column order. */
const LMA_KEYS = [
  'name',
  'contact',
  'address',
  'city',
  'state',
  'postal',
  'country',
  'previousName',
  'nameChanged',
  'emailAddress',
  'phoneNumber',
  'agencyName',
  'type',
  'authName',
  'authTitle',
  'authEmailAddress',
  'authPhoneNumber',
  'authFaxNumber',
]
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
  'yyyy-mm-dd hh:mm',
  'yyyy-mm-dd hh:mm',
  ...Array(33).fill(TEXT),
  '"$"#,##0.00',
  TEXT,
] as string[]
sheet.columns = formats.map((numFmt, index) => ({
  header: `Column ${index + 1}`,
  width: 16,
  style: { numFmt },
}))
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
        ...LMA_KEYS.map(lmaText),
        dealer.bac,
        dealer.name,
        dealer.address ?? '',
        dealer.city ?? '',
        dealer.state ?? '',
        dealer.postal ?? '',
        dealer.country ?? '',
        dealer.auth_name ?? '',
        dealer.auth_title ?? '',
        dealer.auth_email_address ?? '',
        dealer.auth_phone_number ?? '',
        dealer.auth_fax_number ?? '',
        dealer.kit_size,
        dealer.hispanic,
        dealer.billing,
        dealer.kit_size === 'Large' ? 125 : 75,
        enrollment.guid,
      ])
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
