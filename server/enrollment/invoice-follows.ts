import type { Kysely } from 'kysely'
import { INVOICE_FIELD } from '../../shared/enrollment/history-changes.js'
import {
  type InvoiceEffect,
  type LifecycleAction,
  type LifecycleRow,
  lifecycleRows,
} from '../../shared/enrollment/lifecycle.js'
import type { Config } from '../config/config.js'
import type { Database, HistoryChange } from '../db/schema.js'
import { enqueueInvoiceMail } from '../invoice/enqueue-invoice-mail.js'
import type { InvoiceRecord, InvoiceRepository } from '../invoice/invoice-repository.js'
import { issueInvoice } from '../invoice/issue-invoice.js'
import type { OutboxRepository } from '../mail/outbox-repository.js'
import type { StoredEnrollment } from './enrollment-mapping.js'

interface InvoiceLifecycleContext {
  config: Config
  invoices: InvoiceRepository
  outbox: OutboxRepository
}

/** What an action did to an enrollment's invoice: its history change, and whether it mailed it. */
export interface InvoiceFollowed {
  changes: HistoryChange[]
  mailed: boolean
}

const NOTHING: InvoiceFollowed = { changes: [], mailed: false }

/**
 * The invoice effect of `action` on an enrollment of its type that was `statusBefore`: the first
 * row of the lifecycle table (shared/enrollment/lifecycle.ts) that starts from that status.
 */
export function invoiceEffectOf(
  action: LifecycleAction,
  enrollment: Pick<StoredEnrollment, 'type'>,
  statusBefore: StoredEnrollment['status'],
): InvoiceEffect {
  return lifecycleRowOf(action, { type: enrollment.type, status: statusBefore })?.invoice ?? 'none'
}

/** The lifecycle table's row of `action` on an enrollment of its type and status (before it). */
export function lifecycleRowOf(
  action: LifecycleAction,
  enrollment: Pick<StoredEnrollment, 'type' | 'status'>,
): LifecycleRow | undefined {
  return lifecycleRows(action, enrollment.type).find((each) =>
    each.from.some((status) => status === enrollment.status),
  )
}

/**
 * Makes the invoice follow an action on its enrollment (docs/product.md#invoices), in the
 * action's transaction and under its row lock: `after` is the enrollment as the action left it
 * (undefined once deleted), `before` as it was. Issues, revises (mailing the revision to the
 * LMA) or voids as the lifecycle table says; answers the history change to record with the
 * action ('2026-0003 revision 1' → '2026-0003 revision 2', or → '… void').
 */
export async function invoiceFollows(
  context: InvoiceLifecycleContext,
  trx: Kysely<Database>,
  action: LifecycleAction,
  before: StoredEnrollment,
  after: StoredEnrollment | undefined,
  options: { reason?: string | undefined } = {},
): Promise<InvoiceFollowed> {
  const effect = invoiceEffectOf(action, before, before.status)
  const { invoices } = context
  switch (effect) {
    case 'issue-or-revise':
    case 'revise-if-owed-changes': {
      if (!after) return NOTHING
      const current = await invoices.findByEnrollment(before.guid, trx)
      // An edit revises a live invoice only; an approval issues one or brings a void one back.
      if (effect === 'revise-if-owed-changes' && (!current || current.voidedAt !== null)) {
        return NOTHING
      }
      const issued = await issueInvoice(
        invoices,
        trx,
        context.config,
        after,
        effect === 'issue-or-revise' ? 'bill' : 'owed',
      )
      if (issued.outcome === 'unchanged') return NOTHING
      // An invoice mail not sent yet carries a revision this one replaces: it never goes out.
      await context.outbox.withdrawPending(
        trx,
        before.guid,
        ['invoice'],
        `replaced by revision ${issued.invoice.revision} of invoice ${issued.invoice.invoiceNumber}.`,
      )
      await enqueueInvoiceMail(context, trx, issued)
      return {
        changes: [
          {
            field: INVOICE_FIELD,
            before: current ? named(current) : null,
            after: named(issued.invoice),
          },
        ],
        mailed: true,
      }
    }
    case 'void': {
      // What the approval mailed no longer holds: its mails not sent yet never go out.
      await context.outbox.withdrawPending(
        trx,
        before.guid,
        ['invoice', 'approval-confirmation'],
        action === 'delete' ? 'the enrollment was deleted.' : 'the enrollment was declined.',
      )
      const current = await invoices.findByEnrollment(before.guid, trx)
      if (!current || current.voidedAt !== null) return NOTHING
      await invoices.voidInvoice(
        trx,
        before.guid,
        action === 'delete' ? 'deleted' : 'declined',
        options.reason ?? null,
      )
      return {
        changes: [
          { field: INVOICE_FIELD, before: named(current), after: `${current.invoiceNumber} void` },
        ],
        mailed: false,
      }
    }
    case 'stays-under-revision':
    case 'payment':
    case 'kept':
    case 'none':
      return NOTHING
  }
}

/** How the history names an invoice's revision: '2026-0003 revision 2'. */
function named(invoice: Pick<InvoiceRecord, 'invoiceNumber' | 'revision' | 'voidedAt'>): string {
  return invoice.voidedAt !== null
    ? `${invoice.invoiceNumber} void`
    : `${invoice.invoiceNumber} revision ${invoice.revision}`
}
