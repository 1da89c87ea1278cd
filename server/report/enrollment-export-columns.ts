import type { Brand } from '../../shared/config/public-config.js'
import { ENROLLMENT_REFERENCE_HEADER } from '../../shared/domain/enrollment-reference.js'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import { DEALER_ENTRY_FIELDS, DEALER_FIELDS } from '../../shared/enrollment/dealer-entry-fields.js'
import { LMA_FIELDS, LMA_RECORD_FIELDS } from '../../shared/enrollment/lma-record-fields.js'
import { dealerRowCostCents } from '../../shared/enrollment/pricing.js'
import { brandDisplayName } from '../../shared/format/brand-name.js'
import { formatDate } from '../../shared/format/date-text.js'
import { statusWords } from '../../shared/format/status-words.js'
import type { ExportEvent, ExportShipment } from './enrollment-export-repository.js'
import type { ExportRow } from './export-batches.js'
import type { ReportColumn } from './report-sheet.js'
import { safeCellText } from './safe-cell-text.js'

/** The packages of a batch's dealer rows, by `shipmentKey`. */
export type ShipmentsByRow = ReadonlyMap<string, readonly ExportShipment[]>

/** A line of the export with the shipments of its batch (none when the year has no events). */
export type ShippedExportRow = ExportRow & { shipments?: ShipmentsByRow }

/** Where a dealer row's packages for an event are kept: the event, the enrollment, the BAC. */
export function shipmentKey(eventId: string, enrollmentGuid: string, bac: string): string {
  return `${eventId} ${enrollmentGuid} ${bacKey(bac)}`
}

type Column = ReportColumn<ShippedExportRow>

const text = (
  header: string,
  width: number,
  value: (row: ShippedExportRow) => string | null,
): Column => ({
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
 * One column group per sales event of the year (docs/product.md#reports): the dealer row's
 * shipped date, carrier and tracking number for the event, several packages joined with '; '
 * (one date, as a date, when all left the same day). Headers are named by the event (and its
 * brand when the year's events are of more than one), made inert as every cell is.
 */
function eventColumns(brands: readonly Brand[], events: readonly ExportEvent[]): Column[] {
  const severalBrands = new Set(events.map((event) => event.brand)).size > 1
  return events.flatMap((event) => {
    const named = severalBrands
      ? `${brandDisplayName(brands, event.brand)} ${event.name}`
      : event.name
    const packages = (row: ShippedExportRow) =>
      row.dealer && row.shipments
        ? (row.shipments.get(shipmentKey(event.id, row.guid, row.dealer.bac)) ?? [])
        : []
    const joined = (row: ShippedExportRow, part: (shipment: ExportShipment) => string) => {
      const each = packages(row)
      return each.length === 0 ? null : each.map(part).join('; ')
    }
    return [
      {
        header: safeCellText(`${named}: Shipped Date`),
        width: 14,
        kind: 'date',
        value: (row) => {
          const each = packages(row)
          const days = new Set(each.map((shipment) => shipment.shippedOn))
          const [only] = days
          if (only === undefined) return null
          if (days.size === 1) return new Date(`${only}T00:00:00Z`)
          return each
            .map((shipment) => formatDate(`${shipment.shippedOn}T00:00:00Z`, 'UTC'))
            .join('; ')
        },
      },
      text(safeCellText(`${named}: Carrier`), 12, (row) => joined(row, (each) => each.carrier)),
      text(safeCellText(`${named}: Tracking`), 24, (row) =>
        joined(row, (each) => each.trackingNumber),
      ),
    ] satisfies Column[]
  })
}

/**
 * Every field of an enrollment and of one of its dealer rows (docs/product.md#reports), after
 * the reference that names the enrollment; then the row's shipments of each of `events`.
 */
export function enrollmentExportColumns(
  brands: readonly Brand[],
  events: readonly ExportEvent[] = [],
): Column[] {
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
    ...eventColumns(brands, events),
    text('Notes (internal)', 40, (row) => row.notes),
    text('Enrollment ID', 38, (row) => row.guid),
  ]
}
