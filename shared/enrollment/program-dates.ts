import { formatDate } from '../format/date-text.js'

/**
 * The program's calendar (docs/product.md#program-dates), set once in configuration
 * (PROGRAM_OPENS, PROGRAM_DEADLINE, PROGRAM_CLOSES) and read by the forms' deadline banner, the
 * invitation mail and the dashboard's "Day N of the program". Each is a month and day: the
 * program of a year opens in the year before it, and its deadline and close fall in the year.
 */
export interface MonthDay {
  month: number
  day: number
}

export interface ProgramCalendar {
  opens: MonthDay
  deadline: MonthDay
  closes: MonthDay
}

/** The spec's deadline, February 7; a program that opens October 1 and closes December 31. */
export const DEFAULT_PROGRAM_CALENDAR: ProgramCalendar = Object.freeze({
  opens: { month: 10, day: 1 },
  deadline: { month: 2, day: 7 },
  closes: { month: 12, day: 31 },
})

const DAY_MS = 24 * 3600 * 1000

const at = (year: number, { month, day }: MonthDay) => new Date(Date.UTC(year, month - 1, day))

/** The program of `year`: the first day it is open, its deadline, and its last day (UTC midnights). */
export function programDates(calendar: ProgramCalendar, year: number) {
  return {
    opens: at(year - 1, calendar.opens),
    deadline: at(year, calendar.deadline),
    closes: at(year, calendar.closes),
  }
}

/** `MM-DD` → a month and day that exists in every year (February 29 does not); null otherwise. */
export function parseMonthDay(text: string): MonthDay | null {
  const match = /^(\d{2})-(\d{2})$/.exec(text.trim())
  if (!match) return null
  const month = Number(match[1])
  const day = Number(match[2])
  const date = new Date(Date.UTC(2025, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? { month, day } : null
}

/**
 * Where `now` stands in the program of `year`: its day (1 on the opening day, never past the
 * closing day; null before it opens), whether it has closed, and the moment of last year's
 * program on the same day (now's time of day on that day), which the dashboard compares with.
 */
export function programDay(calendar: ProgramCalendar, year: number, now: Date) {
  const { opens, closes } = programDates(calendar, year)
  const lastDay = closes.getTime() + DAY_MS - 1
  if (now.getTime() < opens.getTime()) return { day: null, closed: false, sameDayLastYear: null }
  const closed = now.getTime() > lastDay
  const elapsed = Math.min(now.getTime(), lastDay) - opens.getTime()
  const day = Math.floor(elapsed / DAY_MS) + 1
  // A closed program compares with last year's whole program (the two may differ by a leap day).
  const lastYear = programDates(calendar, year - 1)
  const lastYearsEnd = lastYear.closes.getTime() + DAY_MS - 1
  const sameDayLastYear = new Date(
    closed ? lastYearsEnd : Math.min(lastYear.opens.getTime() + elapsed, lastYearsEnd),
  )
  return { day, closed, sameDayLastYear }
}

/** The deadline of `year` as the pages show it: 'Feb 7, 2026'. */
export function enrollmentDeadlineText(
  year: number,
  calendar: ProgramCalendar = DEFAULT_PROGRAM_CALENDAR,
): string {
  return formatDate(programDates(calendar, year).deadline.toISOString().slice(0, 10))
}
