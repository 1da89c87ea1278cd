import type { Kysely } from 'kysely'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import { normalizeText } from '../../shared/enrollment/text-normalization.js'
import { formatCount } from '../../shared/format/number-text.js'
import {
  SHIPPING_LIMITS,
  type TrackingUploadResult,
} from '../../shared/shipping/shipping-schema.js'
import {
  type Checked,
  checkCarrier,
  checkShippedDate,
  checkTrackingNumber,
  findTrackingColumns,
  latestDateNow,
} from '../../shared/shipping/tracking-file.js'
import type { TrackingColumnKey } from '../../shared/shipping/vendor-layout.js'
import type { AuditRepository } from '../audit/audit-repository.js'
import type { Staff } from '../auth/auth-plugin.js'
import type { Database } from '../db/schema.js'
import { AppError } from '../http/app-error.js'
import type { ShippingRepository, StoredEvent } from './shipping-repository.js'
import {
  readUploadTable,
  type UploadCell,
  type UploadTable,
  uploadKind,
} from './tracking-upload-file.js'
import type { NewShipment, ReleasedBac, ShipmentKeyed } from './tracking-upload-repository.js'

/** What the tracking upload is handed: the app's context's part it uses. */
export interface TrackingUploadContext {
  db: Kysely<Database>
  shipping: ShippingRepository
  within(trx: Kysely<Database>): { shipping: ShippingRepository; audit: AuditRepository }
}

/** The most rows' errors one answer lists. */
export const LISTED_ERRORS = 1000

const keyOf = (shipment: Pick<ShipmentKeyed, 'eventId' | 'bacKey' | 'trackingNumber'>) =>
  `${shipment.eventId}\u0000${shipment.bacKey}\u0000${shipment.trackingNumber}`

const sameContents = (a: ShipmentKeyed, b: ShipmentKeyed) =>
  a.carrier === b.carrier && a.shippedOn === b.shippedOn

interface CheckedRow extends NewShipment {
  row: number
  eventCode: string
}

/** A cell as text (CSV's always are; an Excel number or date as it would be written). */
function textOf(cell: UploadCell | undefined): string {
  if (cell === undefined) return ''
  if (cell instanceof Date)
    return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10)
  return String(cell)
}

/** An Excel number cell too large to hold its digits (beyond 2^53 a double rounds them). */
const lostDigits = (cell: UploadCell | undefined): cell is number =>
  typeof cell === 'number' && !Number.isSafeInteger(cell)

const lostDigitsProblem = (what: string, cell: number) =>
  `The ${what} ${textOf(cell)} lost its digits as a number: format the column as text and enter it again.`

/**
 * Records the shipments of a tracking file (docs/product.md#tracking-upload). Every row is
 * checked first; a file with any bad row records nothing and answers each row's errors (400). A
 * row equal to a stored shipment, or to an earlier row of the file, is counted unchanged; the
 * rest are stored in one transaction, holding the events' locks in share mode so that no release
 * of one of them slips in between the check against its latest release and the insert (a release
 * made since the check has the rows checked again, inside).
 */
export async function uploadTracking(
  context: TrackingUploadContext,
  contentType: string | undefined,
  body: Buffer,
  staff: Staff,
): Promise<TrackingUploadResult> {
  const table = await readUploadTable(uploadKind(contentType, body), body)
  if (table.rows.length === 0) {
    throw AppError.badRequest('The file has a header but no rows: nothing was recorded.')
  }
  const found = findTrackingColumns(table.header.cells.map(textOf))
  if ('problems' in found) {
    throw AppError.badRequest('The file’s header row is not the tracking layout.', {
      [`row ${table.header.row}`]: found.problems,
    })
  }
  const checking = { table, columns: found.columns }
  // Checked first outside a transaction: on PGlite's one connection a transaction holds up every
  // other request, so it only stores. Checked again inside when a release came in between.
  const first = await checkRows(context.shipping, checking)
  if (first.errors.size > 0) throw uploadErrors(first.errors)
  if (first.added.length === 0) {
    return { rows: table.rows.length, added: 0, unchanged: first.unchanged }
  }

  return context.db.transaction().execute(async (trx) => {
    const { shipping, audit } = context.within(trx)
    await shipping.shareEvents([...first.events.values()].map((event) => event.id))
    const now = await shipping.eventsByCode([...first.events.keys()])
    const released = (code: string, events: Map<string, StoredEvent>) => events.get(code)?.releases
    const same = [...first.events.keys()].every(
      (code) => released(code, now) === released(code, first.events),
    )
    const checked = same ? first : await checkRows(shipping, checking)
    if (checked.errors.size > 0) throw uploadErrors(checked.errors)
    const { added, events } = checked
    let unchanged = checked.unchanged

    const eventIds = [...events.values()].map((event) => event.id)
    const { inserted, skipped } = await shipping.insertShipments(added, staff.username)
    if (skipped.length > 0) {
      // Stored by another upload meanwhile: equal is unchanged, different is refused.
      const stored = new Map(
        (
          await shipping.shipmentsKeyed(eventIds, [...new Set(skipped.map((each) => each.bacKey))])
        ).map((shipment) => [keyOf(shipment), shipment]),
      )
      for (const each of skipped) {
        const recorded = stored.get(keyOf(each))
        if (recorded && sameContents(recorded, each)) unchanged++
        else {
          throw AppError.conflict(
            'Another upload recorded some of these packages meanwhile with other contents: nothing was recorded. Upload the file again to see which rows differ.',
          )
        }
      }
    }
    if (inserted > 0) {
      const years = new Map<number, Set<string>>()
      for (const event of events.values()) {
        if (!added.some((each) => each.eventId === event.id)) continue
        const codes = years.get(event.year) ?? new Set<string>()
        codes.add(event.code)
        years.set(event.year, codes)
      }
      for (const [year, codes] of years) {
        await audit.record({
          actor: staff.username,
          action: 'tracking-upload',
          year,
          filters: { events: [...codes].join(', '), fileRows: table.rows.length, unchanged },
          rows: added.filter((each) => codes.has(each.eventCode)).length,
        })
      }
    }
    return { rows: table.rows.length, added: inserted, unchanged }
  })
}

interface Checking {
  table: UploadTable
  columns: Record<TrackingColumnKey, number>
}

interface CheckResult {
  /** The file's events by code. */
  events: Map<string, StoredEvent>
  errors: Map<number, string[]>
  /** The rows to store: neither stored already nor repeating an earlier row. */
  added: CheckedRow[]
  unchanged: number
}

/**
 * Checks every row of the file against its event's latest release and the stored shipments:
 * a few statements whatever the rows (the events, their latest releases' rows, their shipments).
 */
async function checkRows(
  shipping: ShippingRepository,
  { table, columns }: Checking,
): Promise<CheckResult> {
  const cell = (row: UploadTable['rows'][number], key: TrackingColumnKey) => row.cells[columns[key]]
  const codeOf = (row: UploadTable['rows'][number]) =>
    normalizeText(textOf(cell(row, 'event'))).toUpperCase()
  const events = await shipping.eventsByCode([...new Set(table.rows.map(codeOf))])
  const eventIds = [...events.values()].map((event) => event.id)
  const released = releasedIndex(await shipping.latestReleaseRows(eventIds))

  const errors = new Map<number, string[]>()
  const fail = (row: number, problem: string) => {
    const list = errors.get(row)
    if (list) list.push(problem)
    else errors.set(row, [problem])
  }
  const latest = latestDateNow()
  const checked: CheckedRow[] = []
  for (const row of table.rows) {
    const code = codeOf(row)
    const event = events.get(code)
    const bac = normalizeText(textOf(cell(row, 'bac')))
    let onManifest: ReleasedBac | undefined
    if (code === '') {
      fail(row.row, 'Enter the event code, as on the release file (BRAND-YEAR-NUMBER).')
    } else if (!event) fail(row.row, `There is no sales event ${code}.`)
    const release = event ? released.get(event.id) : undefined
    if (event && !release) fail(row.row, `${event.code} (${event.name}) has not been released.`)
    const bacCell = cell(row, 'bac')
    if (bac === '') fail(row.row, 'Enter the BAC.')
    else if (lostDigits(bacCell)) fail(row.row, lostDigitsProblem('BAC', bacCell))
    else if (event && release) {
      const line = release.rows.get(bacKey(bac))
      if (!line) {
        fail(row.row, `BAC ${bac} is not on release ${release.number} of ${event.code}.`)
      } else if (line.cancelled) {
        fail(
          row.row,
          `BAC ${bac} is cancelled in release ${release.number} of ${event.code}: it does not ship.`,
        )
      } else onManifest = line
    }
    const carrier = checkCarrier(textOf(cell(row, 'carrier')))
    if ('problem' in carrier) fail(row.row, carrier.problem)
    const trackingCell = cell(row, 'trackingNumber')
    const tracking: Checked<string> = lostDigits(trackingCell)
      ? { problem: lostDigitsProblem('tracking number', trackingCell) }
      : checkTrackingNumber(textOf(trackingCell))
    if ('problem' in tracking) fail(row.row, tracking.problem)
    const shipped = checkShippedDate(cell(row, 'shippedOn') ?? '', latest, event?.year)
    if ('problem' in shipped) fail(row.row, shipped.problem)
    if (event && onManifest && 'value' in carrier && 'value' in tracking && 'value' in shipped) {
      checked.push({
        row: row.row,
        eventId: event.id,
        eventCode: event.code,
        bac: onManifest.bac,
        bacKey: onManifest.bacKey,
        trackingNumber: tracking.value,
        carrier: carrier.value,
        shippedOn: shipped.value,
        enrollmentGuid: onManifest.enrollmentGuid,
        regionId: onManifest.regionId,
      })
    }
  }

  const stored = new Map(
    (await shipping.shipmentsKeyed(eventIds, [...new Set(checked.map((each) => each.bacKey))])).map(
      (shipment) => [keyOf(shipment), shipment],
    ),
  )
  const inFile = new Map<string, CheckedRow>()
  const added: CheckedRow[] = []
  let unchanged = 0
  // Packages per dealer and event, the stored and the added.
  const dealerOf = (shipment: Pick<ShipmentKeyed, 'eventId' | 'bacKey'>) =>
    `${shipment.eventId}\u0000${shipment.bacKey}`
  const packages = new Map<string, number>()
  for (const shipment of stored.values()) {
    packages.set(dealerOf(shipment), (packages.get(dealerOf(shipment)) ?? 0) + 1)
  }
  for (const each of checked) {
    const key = keyOf(each)
    const earlier = inFile.get(key)
    const recorded = stored.get(key)
    if (earlier) {
      if (sameContents(earlier, each)) unchanged++
      else {
        fail(
          each.row,
          `Row ${earlier.row} has the same BAC, event and tracking number with another carrier or shipped date.`,
        )
      }
      continue
    }
    inFile.set(key, each)
    if (!recorded) {
      const count = (packages.get(dealerOf(each)) ?? 0) + 1
      packages.set(dealerOf(each), count)
      if (count > SHIPPING_LIMITS.packagesPerDealer) {
        fail(
          each.row,
          `BAC ${each.bac} would have more than ${SHIPPING_LIMITS.packagesPerDealer} packages for ${each.eventCode}: a dealer gets at most ${SHIPPING_LIMITS.packagesPerDealer} per event.`,
        )
      } else added.push(each)
    } else if (sameContents(recorded, each)) unchanged++
    else {
      fail(
        each.row,
        `Tracking number ${each.trackingNumber} of BAC ${each.bac} for ${each.eventCode} is recorded already, shipped on ${recorded.shippedOn} by ${recorded.carrier}: the program office corrects a recorded shipment in the enrollment’s dialog.`,
      )
    }
  }
  return { events, errors, added, unchanged }
}

/** Each event's latest release: its number and its rows by BAC key (a shipping row before a cancellation). */
function releasedIndex(rows: readonly ReleasedBac[]) {
  const index = new Map<string, { number: number; rows: Map<string, ReleasedBac> }>()
  for (const row of rows) {
    let release = index.get(row.eventId)
    if (!release) {
      release = { number: row.release, rows: new Map() }
      index.set(row.eventId, release)
    }
    const earlier = release.rows.get(row.bacKey)
    if (!earlier || (earlier.cancelled && !row.cancelled)) release.rows.set(row.bacKey, row)
  }
  return index
}

/** The 400 of a file with bad rows: each row's errors, keyed `row N`, the first LISTED_ERRORS rows. */
function uploadErrors(errors: Map<number, string[]>): AppError {
  const rows = [...errors.keys()].sort((a, b) => a - b)
  const listed = rows.slice(0, LISTED_ERRORS)
  const count =
    rows.length === 1 ? '1 row has an error' : `${formatCount(rows.length)} rows have errors`
  const more = rows.length > listed.length ? ` (the first ${LISTED_ERRORS} are listed)` : ''
  return AppError.badRequest(
    `Nothing was recorded: ${count}${more}. Correct the file and upload it again.`,
    Object.fromEntries(listed.map((row) => [`row ${row}`, errors.get(row) ?? []])),
  )
}
