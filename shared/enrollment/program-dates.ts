import { formatDate } from '../format/date-text.js'

/** The last day of a program year's enrollment: February 7 of that year. */
export const ENROLLMENT_DEADLINE = { month: 2, day: 7 } as const

/** The deadline of `year` as the pages show it: 'Feb 7, 2026'. */
export function enrollmentDeadlineText(year: number): string {
  const month = String(ENROLLMENT_DEADLINE.month).padStart(2, '0')
  const day = String(ENROLLMENT_DEADLINE.day).padStart(2, '0')
  return formatDate(`${year}-${month}-${day}`)
}
