import { type EnrollmentScope, EVERY_ENROLLMENT, inScope } from '../../shared/auth/staff-role.js'
import { formatDate } from '../../shared/format/date-text.js'
import type { InvoicePayment } from '../../shared/invoice/invoice.js'
import { programToday } from '../../shared/invoice/invoice.js'
import type { Staff } from '../auth/auth-plugin.js'
import { AppError } from '../http/app-error.js'
import { toPaymentWire } from '../invoice/invoice-wire.js'
import type { OfficeContext } from './office-context.js'

const NO_INVOICE = 'This enrollment has no invoice.'
export const ALREADY_PAID =
  'This invoice is already marked paid. To record a different payment, mark it unpaid first.'
export const NOT_PAID = 'This invoice is not marked paid.'
export const VOID_TAKES_NO_PAYMENT =
  'This invoice is void: nothing is due. A payment recorded before it was voided can only be marked unpaid once it is paid back.'

/**
 * An enrollment's invoice and whether it is paid (docs/product.md#office-workflow); 404 when it
 * has none, or is outside the scope.
 */
export async function findPayment(
  context: OfficeContext,
  guid: string,
  scope: EnrollmentScope,
): Promise<InvoicePayment> {
  const invoice = await context.invoices.findInScope(guid, scope)
  if (!invoice) throw AppError.notFound(NO_INVOICE)
  return toPaymentWire(invoice)
}

/**
 * Marks the invoice paid, or unpaid again (`payment` null), under the enrollment's and the
 * invoice's row locks, with a history entry. A payment before the invoice's date or in the
 * future is refused (400). Marking paid an invoice already paid is refused (409) unless it is
 * the same date and reference (a repeated click: nothing changes, nothing is recorded), and
 * so is marking unpaid an invoice that is not paid: two administrators cannot both think they
 * changed it, and a recorded payment is never overwritten silently.
 */
export async function recordPayment(
  context: OfficeContext,
  guid: string,
  payment: { paidOn: string; reference: string } | null,
  admin: Staff,
): Promise<InvoicePayment> {
  const day = programToday()
  const { invoices, audit } = context
  await context.db.transaction().execute(async (trx) => {
    // The enrollment's lock first, as every writer of its history takes it (history-repository);
    // the invoice of a deleted enrollment has only the invoice's lock, which is enough there.
    // An enrollment outside the actor's regions answers as one without an invoice; a deleted
    // one has no region, so its invoice is the administrators' alone.
    const locked = await context.lifecycle.lock(trx, guid)
    if (!inScope(admin.scope, locked?.regionId ?? null)) throw AppError.notFound(NO_INVOICE)
    const before = await invoices.lockPayment(trx, guid)
    if (!before) throw AppError.notFound(NO_INVOICE)
    const after = {
      paidOn: payment?.paidOn ?? null,
      reference: payment ? payment.reference || null : null,
    }
    // A void invoice takes no payment; one recorded before (a credit due back) can be cleared.
    if (payment && before.voided) throw AppError.conflict(VOID_TAKES_NO_PAYMENT)
    // A payment recorded against an earlier, smaller revision leaves a balance: Mark Paid then
    // records the payment of the whole total.
    if (payment && before.paidOn !== null && before.paidInFull) {
      if (before.paidOn === after.paidOn && before.reference === after.reference) return
      throw AppError.conflict(ALREADY_PAID)
    }
    if (payment) {
      if (payment.paidOn < before.invoiceDate) {
        throw AppError.badRequest('The payment date is before the invoice date.', {
          paidOn: [`The invoice is dated ${formatDate(before.invoiceDate)}.`],
        })
      }
      if (payment.paidOn > day) {
        throw AppError.badRequest('The payment date is in the future.', {
          paidOn: ['Enter a date that has passed.'],
        })
      }
    } else if (before.paidOn === null) {
      throw AppError.conflict(NOT_PAID)
    }
    await invoices.setPayment(trx, guid, after)
    await context.history.record(trx, {
      guid,
      action: payment ? 'invoice marked paid' : 'invoice marked unpaid',
      actor: admin.username,
      statusBefore: null,
      statusAfter: null,
      changes: [
        { field: 'paidOn', before: before.paidOn, after: after.paidOn },
        { field: 'paymentReference', before: before.reference, after: after.reference },
      ].filter((change) => change.before !== change.after),
    })
    // In the change's transaction: a refused or rolled-back change leaves no entry.
    await audit.record(
      {
        actor: admin.username,
        action: 'payment',
        year: before.year,
        filters: {
          invoiceNumber: before.invoiceNumber,
          paid: payment !== null,
          paidOn: after.paidOn,
          paymentReference: after.reference,
        },
        rows: 1,
      },
      trx,
    )
  })
  // The scope was decided under the lock: the answer is what the change did, even when another
  // administrator has moved the enrollment to another region since.
  return findPayment(context, guid, EVERY_ENROLLMENT)
}
