/**
 * How text is put in order where people read it (the admin list's sorted columns): without
 * regard to case, and with the numbers in it in numeric order ('Dealer 2' before 'Dealer 10').
 */

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true })

/** Negative when `a` comes before `b`, positive after, 0 for the same text as read. */
export function compareText(a: string, b: string): number {
  return collator.compare(a, b)
}
