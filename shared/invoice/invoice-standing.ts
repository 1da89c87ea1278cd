import type { InvoiceStanding } from '../domain/invoice-standings.js'

/**
 * Where an invoice stands (shared/domain/invoice-standings.ts), from whether it was voided and its
 * enrollment's status: live while the enrollment is Approved, under revision otherwise.
 */
export function invoiceStanding(
  invoice: { voidedAt: string | null },
  enrollmentStatus: string | null,
): InvoiceStanding {
  if (invoice.voidedAt !== null) return 'void'
  // null: an enrollment no longer there (invoices written before voiding existed, in tests).
  return enrollmentStatus === null || enrollmentStatus === 'Approved' ? 'live' : 'under-revision'
}
