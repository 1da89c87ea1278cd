import { CsvError, parse } from 'csv-parse/sync'
import type ExcelJS from 'exceljs'
import { formatCount } from '../../shared/format/number-text.js'
import { SHIPPING_LIMITS } from '../../shared/shipping/shipping-schema.js'
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

/** The columns a worksheet's rows are read in: a header reaching further is not the tracking layout. */
export const MAX_UPLOAD_COLUMNS = 100

/** Rows read at most: the header and one data row more than a file may hold, to tell it so. */
const MAX_READ_ROWS = SHIPPING_LIMITS.uploadRows + 2

const blank = (cell: UploadCell | undefined) => cell === undefined || cell === ''

/** The 413 of a file with more rows than an upload takes (it is not read any further). */
export function tooManyRows(): AppError {
  return new AppError(
    413,
    `A tracking file holds at most ${formatCount(SHIPPING_LIMITS.uploadRows)} rows; this one has more: split it and upload each part.`,
  )
}

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
  if (data.length > SHIPPING_LIMITS.uploadRows) throw tooManyRows()
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
  // A record starts on the line after the previous one's last, past the empty lines skipped.
  let nextLine = 1
  let emptyLines = 0
  try {
    // Empty lines skipped, and no further than a row more than a file holds: csv-parse spends
    // a while on each short record, and a file of millions of them held the server for minutes.
    parse(text, {
      bom: true,
      delimiter,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      to: MAX_READ_ROWS,
      record_delimiter: ['\r\n', '\n', '\r'],
      on_record: (fields: string[], context) => {
        rows.push({ row: nextLine + context.empty_lines - emptyLines, cells: fields })
        nextLine = context.lines + 1
        emptyLines = context.empty_lines
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
  if (rows.length >= MAX_READ_ROWS) throw tooManyRows()
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
  // Row by row up to the last, the header's columns only: a worksheet's cells may reach column
  // XFD, and reading every column of every row would fill the memory. No further than a data
  // row more than a file may hold.
  const rows: UploadRow[] = []
  let width = MAX_UPLOAD_COLUMNS
  for (let number = 1; number <= sheet.rowCount && rows.length < MAX_READ_ROWS; number++) {
    const row = sheet.findRow(number)
    if (!row) continue
    const cells: UploadCell[] = []
    for (let column = 1; column <= width; column++) {
      cells.push(cellValue(row.findCell(column)?.value ?? null))
    }
    if (cells.every(blank)) continue
    if (rows.length === 0) {
      for (let column = MAX_UPLOAD_COLUMNS + 1; column <= row.cellCount; column++) {
        if (!blank(cellValue(row.findCell(column)?.value ?? null))) {
          throw AppError.badRequest(
            `The header row has a value beyond column ${MAX_UPLOAD_COLUMNS}: a tracking file’s first row names its columns only.`,
            { [`row ${number}`]: [`Column ${column} of the header row holds a value.`] },
          )
        }
      }
      while (cells.length > 0 && blank(cells[cells.length - 1])) cells.pop()
      width = cells.length
    }
    rows.push({ row: number, cells })
  }
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
