import type { DemoEnrollment } from '../../../server/demo-data/demo-enrollment.js'
import { createRandom } from '../../../server/demo-data/random.js'

/**
 * What an administrator types into the list search, taken from the enrollments themselves: a
 * BAC, a zip code, a dealer's last name, the mailbox of an email address, a word of an LMA name.
 */
export function searchTerms(enrollments: readonly DemoEnrollment[], count: number): string[] {
  const random = createRandom(count + enrollments.length)
  const kinds: Array<(item: DemoEnrollment) => string | undefined> = [
    (item) => item.dealers[0]?.bac,
    (item) => item.dealers[0]?.postal,
    (item) => item.dealers[0]?.name.split(' ').find((word) => word.length >= 5),
    (item) => item.dealers[0]?.auth_email_address?.split('@')[0]?.split('.')[1],
    (item) => item.enrollment.lma_name_key?.split(' ').find((word) => word.length >= 6),
  ]
  const terms: string[] = []
  for (let attempt = 0; terms.length < count && attempt < count * 50; attempt++) {
    const kind = kinds[terms.length % kinds.length]
    const term = kind?.(random.pick(enrollments))
    if (term) terms.push(term)
  }
  return terms
}

/** Random 3 to 6 character prefixes of directory BACs, as typed into the BAC field. */
export function bacPrefixes(bacs: readonly string[], count: number): string[] {
  const random = createRandom(count + bacs.length)
  return Array.from({ length: count }, () => random.pick(bacs).slice(0, random.int(3, 6)))
}
