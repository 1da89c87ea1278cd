import { hasInvalidCharacter } from '../enrollment/text-fields.js'
import { normalizeText } from '../enrollment/text-normalization.js'
import { isCalendarDate, SHIPPING_LIMITS } from './shipping-schema.js'
import { TRACKING_COLUMNS, type TrackingColumnKey } from './vendor-layout.js'

/**
 * The tracking file's rules (docs/product.md#tracking-upload): its columns found by header, and
 * each value's check, with the messages the vendor sees beside the row.
 */

/** A header as it is matched: case and spaces ignored. */
export function headerKey(header: string): string {
  return normalizeText(header).replace(/\s+/g, '').toLowerCase()
}

/** Where each tracking column is in the file's header row, or what is wrong with the header. */
export function findTrackingColumns(
  header: readonly string[],
): { columns: Record<TrackingColumnKey, number> } | { problems: string[] } {
  const found: Partial<Record<TrackingColumnKey, number>> = {}
  const problems: string[] = []
  const keys = header.map(headerKey)
  for (const column of TRACKING_COLUMNS) {
    const at = keys.flatMap((key, index) => (key === headerKey(column.header) ? [index] : []))
    if (at.length > 1) problems.push(`The header has ${at.length} “${column.header}” columns.`)
    else if (at[0] === undefined) problems.push(`The header has no “${column.header}” column.`)
    else found[column.key] = at[0]
  }
  if (problems.length > 0) {
    const names = TRACKING_COLUMNS.map((column) => column.header).join(', ')
    problems.push(`A tracking file’s first row names its columns: ${names}.`)
    return { problems }
  }
  return { columns: found as Record<TrackingColumnKey, number> }
}

const CARRIER_NAMES: Record<string, string> = { UPS: 'UPS', FEDEX: 'FedEx', USPS: 'USPS' }

/** UPS, FedEx and USPS written the one way whatever the case, dots and spaces; others as given. */
export function carrierName(carrier: string): string {
  return CARRIER_NAMES[carrier.replace(/[\s.]/g, '').toUpperCase()] ?? carrier
}

export type Checked<T> = { value: T } | { problem: string }

/** A carrier's name: letters, digits, spaces and . & ' - (no markup, no address to link). */
const CARRIER_TEXT = /^[\p{L}\p{N}][\p{L}\p{N} .&'-]*$/u

/**
 * The carrier: a name of letters, digits, spaces and . & ' - of at most SHIPPING_LIMITS.carrier
 * characters (it reaches the dealer's mail as written).
 */
export function checkCarrier(text: string): Checked<string> {
  const carrier = normalizeText(text)
  if (carrier === '') return { problem: 'Enter the carrier.' }
  if (hasInvalidCharacter(carrier) || !CARRIER_TEXT.test(carrier)) {
    return {
      problem: "A carrier’s name holds letters, digits, spaces and . & ' - only.",
    }
  }
  if (carrier.length > SHIPPING_LIMITS.carrier) {
    return { problem: `The carrier is longer than ${SHIPPING_LIMITS.carrier} characters.` }
  }
  return { value: carrierName(carrier) }
}

/**
 * The tracking number: letters, digits, spaces and hyphens, at most
 * SHIPPING_LIMITS.trackingNumber; kept in upper case without its spaces, so that 1z 1 and 1Z1
 * are one package.
 */
export function checkTrackingNumber(text: string): Checked<string> {
  const tracking = normalizeText(text)
  if (tracking === '') return { problem: 'Enter the tracking number.' }
  if (/^\d+(\.\d+)?E\+\d+$/i.test(tracking)) {
    return {
      problem: `The tracking number ${tracking} lost its digits as a number: format the column as text and enter it again.`,
    }
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(tracking)) {
    return { problem: 'A tracking number holds letters, digits, spaces and hyphens only.' }
  }
  const value = tracking.replace(/\s+/g, '').toUpperCase()
  if (value.length > SHIPPING_LIMITS.trackingNumber) {
    return {
      problem: `The tracking number is longer than ${SHIPPING_LIMITS.trackingNumber} characters.`,
    }
  }
  return { value }
}

/** Excel's day 0 (1899-12-30, so that its serial 60 is its imaginary 1900-02-29's day after). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30)
const DAY = 86_400_000

/**
 * The shipped date: YYYY-MM-DD, an Excel date (a date cell, or its serial number), not after
 * `latest` (today's date where it is latest, so a vendor anywhere can enter today) and, given
 * the event's year, not before January 1 of the year before it.
 */
export function checkShippedDate(
  value: string | number | Date,
  latest: string,
  eventYear?: number,
): Checked<string> {
  let date: string | null = null
  if (value instanceof Date) {
    date = Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10)
  } else if (typeof value === 'number') {
    date =
      Number.isInteger(value) && value > 0 && value < 2_958_466
        ? new Date(EXCEL_EPOCH + value * DAY).toISOString().slice(0, 10)
        : null
  } else {
    const text = normalizeText(value)
    if (text === '') return { problem: 'Enter the shipped date (YYYY-MM-DD).' }
    date = isCalendarDate(text) ? text : null
  }
  if (!date) return { problem: 'The shipped date is not a date: write it as YYYY-MM-DD.' }
  if (date > latest) return { problem: `The shipped date ${date} is in the future.` }
  if (eventYear !== undefined && date < `${eventYear - 1}-01-01`) {
    return {
      problem: `The shipped date ${date} is before January 1, ${eventYear - 1}: a ${eventYear} event’s kits ship from the year before on.`,
    }
  }
  return { value: date }
}

/** The latest date it is anywhere now (UTC+14): a shipped date after it is in the future. */
export function latestDateNow(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10)
}
