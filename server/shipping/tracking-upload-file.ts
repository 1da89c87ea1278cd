import { CsvError, parse } from 'csv-parse/sync'
import type ExcelJS from 'exceljs'
import { AppError } from '../http/app-error.js'
import { loadExcelJs, XLSX_CONTENT_TYPE } from '../report/xlsx-download.js'

/**
 * Reading the vendor's tracking file (docs/product.md#tracking-upload), CSV or Excel, into rows
 * of cells numbered as the file numbers them (the header is row 1 when it is the first line).
 */

/** A cell as read: text (CSV, and Excel's text cells), a number or a date (Excel's). */
export type UploadCell = string | number | Date

export interface UploadRow {
  /** The row of the file: the CSV's record, the worksheet's row number. */
  row: number
  cells: UploadCell[]
}

export interface UploadTable {
  header: UploadRow
  /** The rows after the header that hold any value. */
  rows: UploadRow[]
}

export const UPLOAD_FORMAT_MESSAGE =
  'Upload the tracking file as CSV (text/csv) or as an Excel workbook (.xlsx).'

/** The most an Excel file may hold once unzipped: a larger one is not a tracking file. */
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024

const blank = (cell: UploadCell | undefined) => cell === undefined || cell === ''

/** The file's kind by its content type, or by its first bytes for a generic one. */
export function uploadKind(contentType: string | undefined, body: Buffer): 'csv' | 'xlsx' {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const zipped = body.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))
  if (type === XLSX_CONTENT_TYPE) return 'xlsx'
  if (['text/csv', 'application/csv', 'text/plain'].includes(type)) {
    if (zipped) throw AppError.badRequest('This file is an Excel workbook: send it as .xlsx.')
    return 'csv'
  }
  if (type === 'application/octet-stream' || type === '') return zipped ? 'xlsx' : 'csv'
  throw new AppError(415, UPLOAD_FORMAT_MESSAGE)
}

export async function readUploadTable(kind: 'csv' | 'xlsx', body: Buffer): Promise<UploadTable> {
  const rows = kind === 'csv' ? readCsv(body) : await readXlsx(body)
  const nonBlank = rows.filter((row) => row.cells.some((cell) => !blank(cell)))
  const [header, ...data] = nonBlank
  if (!header) {
    throw AppError.badRequest('The file is empty: it needs a header row and a row per package.')
  }
  return { header, rows: data }
}

function readCsv(body: Buffer): UploadRow[] {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body)
  } catch {
    throw AppError.badRequest(
      'The file is not UTF-8 text: save it as “CSV UTF-8” (or as an Excel workbook) and upload it again.',
    )
  }
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/, 1)[0] ?? ''
  // Spreadsheets of some locales save CSV with semicolons (or tabs) between the values.
  const delimiter = firstLine.includes(',')
    ? ','
    : firstLine.includes(';')
      ? ';'
      : firstLine.includes('\t')
        ? '\t'
        : ','
  const rows: UploadRow[] = []
  let nextLine = 1
  try {
    parse(text, {
      bom: true,
      delimiter,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      record_delimiter: ['\r\n', '\n', '\r'],
      on_record: (fields: string[], context) => {
        rows.push({ row: nextLine, cells: fields })
        nextLine = context.lines + 1
        return null
      },
    })
  } catch (error) {
    if (!(error instanceof CsvError)) throw error
    throw AppError.badRequest(
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? `A quoted value starting on row ${nextLine} is never closed: nothing was recorded.`
        : `The file cannot be read as CSV from row ${nextLine} on: nothing was recorded.`,
      { [`row ${nextLine}`]: [error.message] },
    )
  }
  return rows
}

/**
 * The first worksheet's rows. The zip's own directory is read first: a workbook that would unzip
 * to more than a tracking file ever holds is refused before exceljs inflates it.
 */
async function readXlsx(body: Buffer): Promise<UploadRow[]> {
  const unzipped = zipUncompressedBytes(body)
  if (unzipped === null) {
    throw AppError.badRequest('The file is not an Excel workbook (.xlsx) that can be read.')
  }
  if (unzipped > MAX_UNZIPPED_BYTES) {
    throw new AppError(413, 'The workbook is too large for a tracking file: upload it as CSV.')
  }
  const excel = await loadExcelJs()
  const workbook = new excel.Workbook()
  try {
    await workbook.xlsx.load(Uint8Array.from(body).buffer)
  } catch {
    throw AppError.badRequest('The file is not an Excel workbook (.xlsx) that can be read.')
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw AppError.badRequest('The workbook has no worksheet.')
  const rows: UploadRow[] = []
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: UploadCell[] = []
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellValue(cell.value)
    })
    for (let index = 0; index < cells.length; index++) cells[index] ??= ''
    rows.push({ row: number, cells })
  })
  return rows
}

/** An Excel cell's value as text, a number or a date: formulas by their result, rich text joined. */
function cellValue(value: ExcelJS.CellValue): UploadCell {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value
  if (typeof value === 'boolean') return String(value)
  if ('richText' in value) return value.richText.map((part) => part.text).join('')
  if ('result' in value) return cellValue((value.result ?? null) as ExcelJS.CellValue)
  if ('text' in value && typeof value.text === 'string') return value.text
  if ('error' in value) return String(value.error)
  return ''
}

/**
 * The bytes a zip's entries unzip to, by its central directory; null when the bytes hold no zip
 * directory. A ZIP64 entry (4 GB or more) counts as too large.
 */
export function zipUncompressedBytes(zip: Buffer): number | null {
  const END = 0x06054b50
  const ENTRY = 0x02014b50
  const lowest = Math.max(0, zip.length - 22 - 0xffff)
  let end = -1
  for (let at = zip.length - 22; at >= lowest; at--) {
    if (zip.readUInt32LE(at) === END) {
      end = at
      break
    }
  }
  if (end < 0) return null
  const entries = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  let total = 0
  for (let index = 0; index < entries; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== ENTRY) return null
    const size = zip.readUInt32LE(at + 24)
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY
    total += size
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
  }
  return total
}
