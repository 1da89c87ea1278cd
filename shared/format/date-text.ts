/**
 * How a date is shown, everywhere: screens, history, mails and workbooks (docs/product.md#how-things-are-shown).
 *
 * - A calendar date (`YYYY-MM-DD`: an invoice's date, a payment's, a deadline) is a day, not an
 *   instant: it shows as that day wherever it is read, so it is formatted in UTC.
 * - A timestamp (an ISO instant or a Date: created, updated, a note, a mail sent) shows in the
 *   reader's time zone: the browser's own on the admin screens, with the full time and zone on
 *   hover where only the date is shown. A mail or a workbook has no reader's zone: they pass
 *   `'UTC'`, and a workbook's header says so.
 */

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/

type Style = 'date' | 'dateTime' | 'fullDateTime'

const STYLES: Record<Style, Intl.DateTimeFormatOptions> = {
  /** 'Nov 26, 2026' */
  date: { dateStyle: 'medium' },
  /** 'Nov 26, 2026, 3:04 PM' */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 'Thursday, November 26, 2026 at 3:04:05 PM EST' */
  fullDateTime: { dateStyle: 'full', timeStyle: 'long' },
}

const formats = new Map<string, Intl.DateTimeFormat>()

function formatter(style: Style, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style} ${timeZone ?? ''}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...STYLES[style], timeZone })
    formats.set(key, format)
  }
  return format
}

/** A calendar date as the instant of its midnight in UTC; a timestamp as itself. */
function instant(value: string | Date): { at: Date; calendar: boolean } {
  if (value instanceof Date) return { at: value, calendar: false }
  if (CALENDAR_DATE.test(value)) return { at: new Date(`${value}T00:00:00Z`), calendar: true }
  return { at: new Date(value), calendar: false }
}

function format(style: Style, value: string | Date, timeZone: string | undefined): string {
  const { at, calendar } = instant(value)
  if (Number.isNaN(at.getTime())) return String(value)
  return formatter(style, calendar ? 'UTC' : timeZone).format(at)
}

/**
 * 'Nov 26, 2026': a calendar date as that day; a timestamp as its day in `timeZone` (the
 * runtime's own when not given: the reader's, in a browser).
 */
export function formatDate(value: string | Date, timeZone?: string): string {
  return format('date', value, timeZone)
}

/** 'Nov 26, 2026, 3:04 PM': a timestamp in `timeZone` (the runtime's own when not given). */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  return format('dateTime', value, timeZone)
}

/** 'Thursday, November 26, 2026 at 3:04:05 PM EST': the full time, shown on hover. */
export function formatFullDateTime(value: string | Date, timeZone?: string): string {
  return format('fullDateTime', value, timeZone)
}

/**
 * The invoice document's date (page, PDF), which the spec words as a US short date:
 * '2026-11-22' → '11/22/2026', read from the ISO date, so no time-zone shift.
 */
export function formatInvoiceDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-')
  return `${Number(month)}/${Number(day)}/${year}`
}

/**
 * The number formats of a workbook's date cells: the same patterns as formatDate and
 * formatDateTime, so a cell stays a real date (sortable, filterable) and reads as the screens do.
 */
export const EXCEL_DATE_FORMAT = 'mmm d, yyyy'
export const EXCEL_DATE_TIME_FORMAT = 'mmm d, yyyy, h:mm AM/PM'

/** PostgreSQL's `to_char` pattern of formatDateTime, for text the database assembles (notes). */
export const SQL_DATE_TIME_FORMAT = 'Mon FMDD, YYYY, FMHH12:MI AM'
