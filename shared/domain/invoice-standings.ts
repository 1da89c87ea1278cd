/**
 * Where an invoice stands (docs/product.md#invoices): live; live but under revision while its
 * enrollment is not Approved (sent back to the representative, awaiting approval again); void
 * once its enrollment was declined or deleted. Only a live invoice (under revision or not) is
 * counted as invoiced, unpaid or overdue, and only a live one takes a payment.
 */
export const INVOICE_STANDINGS = ['live', 'under-revision', 'void'] as const
export type InvoiceStanding = (typeof INVOICE_STANDINGS)[number]

export const VOID_CAUSES = ['declined', 'deleted'] as const
export type VoidCause = (typeof VOID_CAUSES)[number]
