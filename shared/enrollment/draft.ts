import { EMAIL_PATTERN } from './email-pattern.js'
import { MAX_LENGTH } from './field-limits.js'
import { type ReceiptAddressSource, receiptAddress } from './receipt-address.js'

/**
 * Save and continue later (docs/product.md#save-and-continue-later): a public form's values kept
 * on the server, reopened by a mailed link. The rules both sides read.
 */

/** A draft lives this many days from its first save; saving again does not extend it. */
export const DRAFT_LIFETIME_DAYS = 30

/**
 * The longest text a draft keeps in one field: a draft holds what was typed, checked or not, so
 * this is a size limit (twice the longest field of the forms), not the fields' rules.
 */
export const DRAFT_TEXT_MAX = 200

/** Which form a draft belongs to, as its page's address names it. */
export type DraftForm = 'dealer' | 'lma'

/** The link that reopens a draft, relative to the site: `/{brand}/enrollment/{form}?draft={token}`. */
export function draftPath(brand: string, form: DraftForm, token: string): string {
  return `/${encodeURIComponent(brand)}/enrollment/${form}?draft=${encodeURIComponent(token)}`
}

/** The form a draft of this enrollment type is opened on. */
export function draftFormOf(type: 'Dealer' | 'Lma'): DraftForm {
  return type === 'Lma' ? 'lma' : 'dealer'
}

/**
 * The address a draft's link goes to when the form already has one: whoever fills in the form,
 * as the submission receipt is addressed (the LMA's contact, `lma.emailAddress`; the dealer's
 * authorizing person, `dealers[0].authEmailAddress`). '' when it is blank or not an address, and
 * the form asks for one.
 */
export function draftAddressOf(values: ReceiptAddressSource): string {
  const trimmed = receiptAddress(values).trim()
  return trimmed.length <= MAX_LENGTH.emailAddress && EMAIL_PATTERN.test(trimmed) ? trimmed : ''
}
