import type { Enrollment } from '@shared/enrollment/enrollment'
import { centsToDollars, invoiceItems } from '@shared/enrollment/pricing'
import { formatDollars } from '@shared/format/money-text'
import type { Invoice } from '@shared/invoice/invoice'

/** What Save Changes will do to an invoice: revise it, from one revision and total to the next. */
export interface SaveRevision {
  invoiceNumber: string
  from: { revision: number; grandTotal: number }
  to: { revision: number; grandTotal: number }
  /** Where the revision is mailed: the LMA's Email as the edit leaves it. */
  mailTo: string
}

/** What of the invoice decides: its items as the API answers them (those above quantity 0). */
export type RevisedInvoice = Pick<
  Invoice,
  'invoiceNumber' | 'revision' | 'standing' | 'items' | 'grandTotal'
>

/** An item as compared: what it is, how many, for how much (whole cents). */
function itemKey(item: { description: string; quantity: number; subtotalCents: number }): string {
  return `${item.description}×${item.quantity}=${item.subtotalCents}`
}

/**
 * Whether saving `values` revises the invoice (docs/product.md#invoices), decided as the server
 * decides an edit after approval: only an Approved LMA with a live invoice, and only when what
 * it owes changes, i.e. the items the shared pricing makes of the edited dealers differ from the
 * invoice's (a change of total always is one; items swapped for the same total are one too).
 * Null when the save leaves the invoice as it is.
 */
export function saveRevision(
  status: Enrollment['status'],
  invoice: RevisedInvoice | null,
  values: Pick<Enrollment, 'type' | 'lma' | 'dealers'>,
): SaveRevision | null {
  if (values.type !== 'Lma' || status !== 'Approved') return null
  if (invoice?.standing !== 'live') return null
  // Rows of an LMA are billed through the LMA, whatever the form holds (as the server saves them).
  const priced = invoiceItems(values.dealers.map((row) => ({ ...row, billing: 'Lma' as const })))
  const edited = priced.items.filter((item) => item.quantity > 0).map(itemKey)
  const issued = invoice.items
    .filter((item) => item.quantity > 0)
    .map((item) => itemKey({ ...item, subtotalCents: Math.round(item.subtotal * 100) }))
  if (edited.join('|') === issued.join('|')) return null
  return {
    invoiceNumber: invoice.invoiceNumber,
    from: { revision: invoice.revision, grandTotal: invoice.grandTotal },
    to: { revision: invoice.revision + 1, grandTotal: centsToDollars(priced.grandTotalCents) },
    mailTo: values.lma?.emailAddress ?? '',
  }
}

/** The question Save Changes asks before a save that revises the invoice. */
export function saveRevisionQuestion(revision: SaveRevision): string {
  const { from, to } = revision
  const mailed = revision.mailTo
    ? `, and mails it to ${revision.mailTo}`
    : ', and mails it to the LMA'
  return `Saving revises invoice ${revision.invoiceNumber}: revision ${to.revision} for ${formatDollars(to.grandTotal)} replaces revision ${from.revision} for ${formatDollars(from.grandTotal)}${mailed}.`
}

/** The buttons of that question. */
export const SAVE_REVISION_ANSWERS = { yes: 'Save and revise', no: 'Cancel' } as const

/** Its title. */
export const SAVE_REVISION_TITLE = 'Revise the invoice?'
