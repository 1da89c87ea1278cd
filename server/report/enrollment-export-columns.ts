import type { Brand } from '../../shared/config/public-config.js'
import { ENROLLMENT_REFERENCE_HEADER } from '../../shared/domain/enrollment-reference.js'
import { DEALER_ENTRY_FIELDS, DEALER_FIELDS } from '../../shared/enrollment/dealer-entry-fields.js'
import { LMA_FIELDS, LMA_RECORD_FIELDS } from '../../shared/enrollment/lma-record-fields.js'
import { dealerRowCostCents } from '../../shared/enrollment/pricing.js'
import { brandDisplayName } from '../../shared/format/brand-name.js'
import { statusWords } from '../../shared/format/status-words.js'
import type { ExportRow } from './export-batches.js'
import type { ReportColumn } from './report-sheet.js'

type Column = ReportColumn<ExportRow>

const text = (header: string, width: number, value: (row: ExportRow) => string | null): Column => ({
  header,
  width,
  kind: 'text',
  value,
})

/** One column per field of the LMA record; blank on a dealer enrollment's row. */
const lmaColumns: Column[] = LMA_FIELDS.map((field) => {
  const { header, width } = LMA_RECORD_FIELDS[field].export
  return text(header, width, (row) => {
    if (!row.lma || row.type !== 'Lma') return null
    const value = row.lma[field]
    return typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value
  })
})

/** One column per field of a dealer entry. */
const dealerColumns: Column[] = DEALER_FIELDS.map((field) => {
  const { header, width } = DEALER_ENTRY_FIELDS[field].export
  return text(header, width, (row) => (row.dealer ? row.dealer[field] : null))
})

/**
 * Every field of an enrollment and of one of its dealer rows (docs/product.md#reports), after
 * the reference that names the enrollment.
 */
export function enrollmentExportColumns(brands: readonly Brand[]): Column[] {
  return [
    text(ENROLLMENT_REFERENCE_HEADER, 16, (row) => row.reference),
    { header: 'Year', width: 7, kind: 'integer', value: (row) => row.year },
    text('Brand', 12, (row) => brandDisplayName(brands, row.brand)),
    text('Type', 8, (row) => (row.type === 'Lma' ? 'LMA' : 'Dealer')),
    text('Status', 12, (row) => statusWords(row.status)),
    text('Region', 18, (row) => row.regionName),
    { header: 'Created (UTC)', width: 17, kind: 'dateTime', value: (row) => row.created },
    { header: 'Modified (UTC)', width: 17, kind: 'dateTime', value: (row) => row.modified },
    ...lmaColumns,
    ...dealerColumns,
    {
      header: 'Kit Cost',
      width: 11,
      kind: 'currency',
      value: (row) => (row.dealer ? dealerRowCostCents(row.dealer) / 100 : null),
    },
    text('Notes (internal)', 40, (row) => row.notes),
    text('Enrollment ID', 38, (row) => row.guid),
  ]
}
