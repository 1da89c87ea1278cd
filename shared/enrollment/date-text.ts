const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })

/** The day of an instant as the pages show a date: 'Nov 26, 2026', in the reader's time zone. */
export function dateText(instant: string | Date): string {
  return DAY.format(new Date(instant))
}
