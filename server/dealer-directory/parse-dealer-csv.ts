import { CsvError, parse } from 'csv-parse/sync'
import {
  type ColumnMap,
  DIRECTORY_FIELDS,
  type DirectoryField,
  resolveColumns,
} from './dealer-csv-columns.js'
import type { DealerDirectoryRow } from './dealer-directory-row.js'
import { validateDealerRow } from './validate-dealer-row.js'

export interface CsvProblem {
  /** 1-based line of the file where the row starts. */
  line: number
  message: string
}

export interface DealerCsvResult {
  /** Valid rows, one per BAC (a repeated BAC keeps its last row). */
  rows: DealerDirectoryRow[]
  /** One per rejected row (all its problems in one message), or about the file as a whole. */
  errors: CsvProblem[]
  /** Repeated BACs and ignored columns: reported, not rejected. */
  warnings: CsvProblem[]
}

interface CsvRecord {
  line: number
  fields: string[]
}

/**
 * Parses a dealer master file: a header row naming the columns (bac, name, address, city,
 * state, postal, country, matched loosely), then one dealer per row. Accepts a UTF-8 BOM,
 * CRLF, LF or CR line ends, quoted values with commas, line breaks and doubled quotes.
 */
export function parseDealerCsv(text: string): DealerCsvResult {
  const result: DealerCsvResult = { rows: [], errors: [], warnings: [] }
  const { records, failure } = readRecords(text)
  const nonBlank = records.filter((record) => record.fields.some((field) => field !== ''))
  const [header, ...body] = nonBlank
  if (!header) {
    result.errors.push({
      line: failure?.line ?? 1,
      message:
        failure?.message ??
        `the file is empty; it needs a header row (${DIRECTORY_FIELDS.join(', ')})`,
    })
    return result
  }
  const { columns, ignored, problems } = resolveColumns(header.fields)
  if (problems.length > 0) {
    result.errors.push({ line: header.line, message: problems.join('; ') })
    return result
  }
  if (ignored.length > 0) {
    result.warnings.push({ line: header.line, message: `ignored columns: ${ignored.join(', ')}` })
  }

  const byBac = new Map<string, { line: number; row: DealerDirectoryRow }>()
  for (const record of body) {
    const extra = record.fields.slice(header.fields.length).filter((field) => field !== '')
    if (extra.length > 0) {
      result.errors.push({
        line: record.line,
        message: `the row has ${record.fields.length} values but the header has ${header.fields.length} columns (a value containing a comma must be quoted)`,
      })
      continue
    }
    const checked = validateDealerRow(valuesOf(record.fields, columns))
    if ('problems' in checked) {
      result.errors.push({ line: record.line, message: checked.problems.join('; ') })
      continue
    }
    const earlier = byBac.get(checked.row.bac)
    if (earlier) {
      result.warnings.push({
        line: record.line,
        message: `BAC ${checked.row.bac} also appears on line ${earlier.line}; this row replaces it`,
      })
      byBac.delete(checked.row.bac)
    }
    byBac.set(checked.row.bac, { line: record.line, row: checked.row })
  }
  result.rows = [...byBac.values()].map((entry) => entry.row)
  if (failure) result.errors.push(failure)
  return result
}

function valuesOf(fields: readonly string[], columns: ColumnMap): Record<DirectoryField, string> {
  const entries = DIRECTORY_FIELDS.map((field) => {
    const index = columns[field]
    return [field, index === undefined ? '' : (fields[index] ?? '')] as const
  })
  return Object.fromEntries(entries) as Record<DirectoryField, string>
}

/** Every record with the line it starts on; on a syntax error, those before it and the error. */
function readRecords(text: string): { records: CsvRecord[]; failure?: CsvProblem } {
  const records: CsvRecord[] = []
  let nextLine = 1
  try {
    parse(text, {
      bom: true,
      trim: true,
      relax_quotes: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      on_record: (fields: string[], context) => {
        records.push({ line: nextLine, fields })
        nextLine = context.lines + 1
        return null
      },
    })
    return { records }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error
    const message =
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'a quoted value starting on this line is never closed, so this row and the rest of the file were not read'
        : `the file cannot be read as CSV from this line on (${error.message})`
    return { records, failure: { line: nextLine, message } }
  }
}
