/** What the rule reads of an enrollment or of a form's values. */
export interface ReceiptAddressSource {
  type: 'Dealer' | 'Lma'
  lma: { emailAddress: string } | null
  dealers: ReadonlyArray<{ authEmailAddress: string }>
}

/**
 * Whose address the submission receipt goes to, and with it the status link and a saved form's
 * link: whoever fills in the form, an LMA's contact (`lma.emailAddress`) or the dealer's
 * authorizing person (`dealers[0].authEmailAddress`); '' when there is none.
 */
export function receiptAddress(source: ReceiptAddressSource): string {
  return source.type === 'Lma'
    ? (source.lma?.emailAddress ?? '')
    : (source.dealers[0]?.authEmailAddress ?? '')
}
