import { describe, expect, it } from 'vitest'
import {
  EXCEL_DATE_FORMAT,
  EXCEL_DATE_TIME_FORMAT,
  formatDate,
  formatDateTime,
  formatFullDateTime,
  formatInvoiceDate,
} from './date-text.js'

// Intl writes a narrow no-break space before AM/PM; the tests compare with a plain one.
const plain = (text: string) => text.replace(/\u202f/g, ' ')

describe('how a date is shown (docs/product.md#how-things-are-shown)', () => {
  it('shows a calendar date as that day, in every time zone', () => {
    expect(formatDate('2026-11-26')).toBe('Nov 26, 2026')
    expect(formatDate('2026-01-01', 'America/Los_Angeles')).toBe('Jan 1, 2026')
    expect(formatDate('2026-12-31', 'Asia/Tokyo')).toBe('Dec 31, 2026')
  })

  it('shows a timestamp as its day in the reader’s time zone', () => {
    expect(formatDate('2026-11-26T03:00:00Z', 'UTC')).toBe('Nov 26, 2026')
    expect(formatDate('2026-11-26T03:00:00Z', 'America/New_York')).toBe('Nov 25, 2026')
    expect(formatDate(new Date('2026-11-26T23:30:00Z'), 'Asia/Tokyo')).toBe('Nov 27, 2026')
  })

  it('shows a timestamp with its time, and in full on hover', () => {
    expect(plain(formatDateTime('2026-11-26T15:04:05Z', 'UTC'))).toBe('Nov 26, 2026, 3:04 PM')
    expect(plain(formatDateTime('2026-11-26T15:04:05Z', 'America/Chicago'))).toBe(
      'Nov 26, 2026, 9:04 AM',
    )
    expect(plain(formatFullDateTime('2026-11-26T15:04:05Z', 'UTC'))).toBe(
      'Thursday, November 26, 2026 at 3:04:05 PM UTC',
    )
  })

  it('shows what is not a date as it came', () => {
    expect(formatDate('soon')).toBe('soon')
  })

  it('writes the invoice document’s date as the spec’s US short date, without a zone shift', () => {
    expect(formatInvoiceDate('2026-11-22')).toBe('11/22/2026')
    expect(formatInvoiceDate('2025-01-01')).toBe('1/1/2025')
    expect(formatInvoiceDate('2025-12-31T23:59:59Z')).toBe('12/31/2025')
  })

  it('gives workbook date cells the same pattern as the screens', () => {
    expect(EXCEL_DATE_FORMAT).toBe('mmm d, yyyy')
    expect(EXCEL_DATE_TIME_FORMAT).toBe('mmm d, yyyy, h:mm AM/PM')
  })
})
