/**
 * The enrollment's reference (docs/product.md#fields): twelve hexadecimal digits as
 * XXXX-XXXX-XXXX, given by the server. It is the enrollment's shared name: the receipt, the
 * mails, the invoice, the dialog and every report carry it, and the admin list finds it.
 */

/** The reference's label wherever it is shown next to its value: 'Reference C81C-6061-6136'. */
export const REFERENCE_LABEL = 'Reference'

/** The reports' column header; 'Enrollment' keeps it apart from an invoice's payment reference. */
export const ENROLLMENT_REFERENCE_HEADER = 'Enrollment Reference'

/** Fewer digits than this would find too many enrollments by chance (1 in 65,536 at 4). */
export const MIN_REFERENCE_SEARCH_DIGITS = 4

const REFERENCE_DIGITS = 12
const HEX = /^[0-9A-F]+$/

/**
 * The reference prefix a list search names, as the digits without dashes in upper case
 * ('c81c-60' → 'C81C60'); null when the search cannot be the start of a reference: other
 * characters than hex digits and dashes, fewer than 4 digits, or more than 12.
 */
export function referenceSearchPrefix(search: string): string | null {
  const digits = search.trim().replaceAll('-', '').toUpperCase()
  if (digits.length < MIN_REFERENCE_SEARCH_DIGITS || digits.length > REFERENCE_DIGITS) return null
  return HEX.test(digits) ? digits : null
}
