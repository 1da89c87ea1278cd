import { FIRST_NAMES, LAST_NAMES, slug } from './demo-words.js'
import type { Random } from './random.js'

export interface DemoPerson {
  name: string
  /** first.last, for an e-mail address. */
  mailbox: string
}

export function demoPerson(random: Random): DemoPerson {
  const first = random.pick(FIRST_NAMES)
  const last = random.pick(LAST_NAMES)
  return { name: `${first} ${last}`, mailbox: `${first}.${last}`.toLowerCase() }
}

/**
 * An e-mail address at a subdomain of example.com, a domain reserved for examples (RFC 2606),
 * so mail the demo triggers can never reach a real person.
 */
export function demoEmail(mailbox: string, organization: string): string {
  return `${mailbox}@${slug(organization).slice(0, 40) || 'dealer'}.example.com`
}

/**
 * A phone number in NXX-XXX-XXXX form (first digit 2 to 9) in the fictional 555-0100 to
 * 555-0199 range, under a real area code.
 */
export function demoPhone(random: Random, areaCode: string): string {
  return `${areaCode}-555-01${random.digits(2)}`
}
