/** The last day of a program year's enrollment: February 7 of that year. */
export const ENROLLMENT_DEADLINE = { month: 2, day: 7 } as const

const deadlineFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})

/** The deadline of `year` as the pages show it: 'Feb 7, 2026'. */
export function enrollmentDeadlineText(year: number): string {
  return deadlineFormat.format(
    new Date(Date.UTC(year, ENROLLMENT_DEADLINE.month - 1, ENROLLMENT_DEADLINE.day)),
  )
}
