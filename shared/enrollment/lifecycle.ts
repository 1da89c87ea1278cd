import type { EnrollmentStatus, EnrollmentType } from '../domain/enrollment-choices.js'
import type { MailKind } from '../domain/mail-kinds.js'

/**
 * The one table of an enrollment's life (docs/product.md#lifecycle): for each action from each
 * status, what happens to the status, the invoice, the payment, the shipment manifests, the
 * status link, the history, the
 * figures, and who is mailed with what. The server acts on its `invoice` and `mails` columns
 * (server/enrollment/invoice-follows.ts, and the actions that queue the mails); docs/product.md
 * shows it as rendered by `lifecycleMarkdown` (a test keeps them equal); the model-based test
 * (server/enrollment/lifecycle-model.test.ts) checks every step against it.
 */

export const LIFECYCLE_ACTIONS = [
  'submit',
  'authorize',
  'approve',
  'edit',
  'reauthorize',
  'decline',
  'delete',
  'payment',
  'retention',
] as const
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number]

/**
 * What an action does to the invoice (docs/product.md#invoices):
 * - `issue-or-revise`: none yet, issue revision 1; a live one whose bill changed, or a void one,
 *   revise it (same number, revision n+1); otherwise leave it.
 * - `revise-if-owed-changes`: a live invoice whose items (what is owed) changed is revised.
 * - `stays-under-revision`: a live invoice stays live, visible and payable, under revision until
 *   the enrollment is approved again.
 * - `void`: a live invoice becomes void, with the reason; kept, never counted again.
 * - `payment`: the live invoice's payment is recorded or cleared; a void one only cleared.
 * - `kept`: unchanged (the accounts keep it).
 * - `none`: there is none, or it is untouched.
 */
export type InvoiceEffect =
  | 'issue-or-revise'
  | 'revise-if-owed-changes'
  | 'stays-under-revision'
  | 'void'
  | 'payment'
  | 'kept'
  | 'none'

/**
 * What an action does to the shipment manifests of its year's sales events
 * (docs/product.md#manifests); a release shows the difference:
 * - `ships`: its dealer rows (billing not None) are on the manifests as they are now;
 * - `follows`: an Approved enrollment's rows follow the change; otherwise none;
 * - `keeps`: sent back after approval, it keeps the rows it was approved with on the manifests
 *   until it is approved again (a change) or declined (a cancellation);
 * - `cancels`: its rows leave the manifests (a cancellation in the next release);
 * - `none`: not on a manifest, or untouched.
 * Shipments already recorded stay with their event.
 */
export type ShipmentEffect = 'ships' | 'follows' | 'keeps' | 'cancels' | 'none'

/** A mail an action queues: its kind, to whom, and when (always when `when` is absent). */
export interface LifecycleMail {
  kind: MailKind
  to: string
  when?: string
}

export interface LifecycleRow {
  action: LifecycleAction
  /** Which enrollments, when the action differs by type or content. */
  of: EnrollmentType | 'any'
  when?: string
  /** The statuses it starts from: '(new)' for a submission. */
  from: ReadonlyArray<EnrollmentStatus | '(new)'>
  /** The status after it: a status, unchanged, or removed. */
  to: EnrollmentStatus | 'unchanged' | 'removed'
  invoice: InvoiceEffect
  shipments: ShipmentEffect
  statusLink: string
  history: string
  figures: string
  mails: readonly LifecycleMail[]
}

const ANY: ReadonlyArray<EnrollmentStatus> = ['Authorizing', 'Approving', 'Approved', 'Declined']

const RECEIPT: LifecycleMail = {
  kind: 'submission-receipt',
  to: 'whoever filled in the form',
}

/** The table, in the order docs/product.md shows it. */
export const LIFECYCLE: readonly LifecycleRow[] = [
  {
    action: 'submit',
    of: 'Dealer',
    when: 'billing None',
    from: ['(new)'],
    to: 'Declined',
    invoice: 'none',
    shipments: 'none',
    statusLink: 'minted when the receipt leaves',
    history: 'submitted',
    figures: 'a declined dealer: no kits, no amount',
    mails: [RECEIPT],
  },
  {
    action: 'submit',
    of: 'Dealer',
    when: 'billing iMR funds or Open Parts',
    from: ['(new)'],
    to: 'Approving',
    invoice: 'none',
    shipments: 'none',
    statusLink: 'minted when the receipt leaves',
    history: 'submitted',
    figures: 'its dealer, kits and kit cost',
    mails: [RECEIPT],
  },
  {
    action: 'submit',
    of: 'Lma',
    from: ['(new)'],
    to: 'Authorizing',
    invoice: 'none',
    shipments: 'none',
    statusLink: 'minted when the receipt leaves',
    history: 'submitted',
    figures: 'its dealers, kits and kit cost',
    mails: [RECEIPT, { kind: 'authorization-request', to: 'lma.authEmailAddress' }],
  },
  {
    action: 'authorize',
    of: 'Lma',
    from: ['Authorizing', 'Approving'],
    to: 'Approving',
    invoice: 'stays-under-revision',
    shipments: 'keeps',
    statusLink: 'unchanged',
    history: 'authorized, with the changes (none when nothing changed again)',
    figures: 'its dealers and kits as authorized; once invoiced, the live invoice’s total',
    mails: [
      {
        kind: 'representative-changed',
        to: 'the previous lma.authEmailAddress',
        when: 'the representative’s address changed',
      },
    ],
  },
  {
    action: 'approve',
    of: 'Dealer',
    when: 'billing not None',
    from: ['Authorizing', 'Approving', 'Declined'],
    to: 'Approved',
    invoice: 'none',
    shipments: 'ships',
    statusLink: 'unchanged',
    history: 'approved',
    figures: 'approved: its kits and kit cost',
    mails: [{ kind: 'approval-confirmation', to: 'authEmailAddress' }],
  },
  {
    action: 'approve',
    of: 'Lma',
    from: ['Authorizing', 'Approving', 'Declined'],
    to: 'Approved',
    invoice: 'issue-or-revise',
    shipments: 'ships',
    statusLink: 'unchanged',
    history: 'approved; the invoice issued or revised (revision n → n+1)',
    figures: 'invoiced: the live invoice’s total',
    mails: [
      { kind: 'approval-confirmation', to: 'lma.authEmailAddress' },
      {
        kind: 'invoice',
        to: 'lma.emailAddress',
        when: 'revision 1, or the revision that replaces the one before',
      },
    ],
  },
  {
    action: 'edit',
    of: 'Lma',
    when: 'invoiced and approved',
    from: ['Approved'],
    to: 'unchanged',
    invoice: 'revise-if-owed-changes',
    shipments: 'follows',
    statusLink: 'unchanged',
    history: 'updated, with the changes; the invoice’s revision when it changed',
    figures: 'its dealers and kits as saved; the revised invoice’s total',
    mails: [
      {
        kind: 'invoice',
        to: 'lma.emailAddress',
        when: 'what it owes changed: the revision, saying which it replaces',
      },
    ],
  },
  {
    action: 'edit',
    of: 'any',
    when: 'otherwise',
    from: ANY,
    to: 'unchanged',
    invoice: 'none',
    shipments: 'follows',
    statusLink: 'unchanged',
    history: 'updated, with the changes',
    figures: 'its dealers and kits as saved; once invoiced, the live invoice’s total',
    mails: [],
  },
  {
    action: 'reauthorize',
    of: 'Lma',
    from: ANY,
    to: 'Authorizing',
    invoice: 'stays-under-revision',
    shipments: 'keeps',
    statusLink: 'unchanged; the page says it was sent back, and why',
    history: 're-authorized, with the reason',
    figures: 'Authorizing; its live invoice still counted, under revision',
    mails: [{ kind: 'authorization-request', to: 'lma.authEmailAddress' }],
  },
  {
    action: 'decline',
    of: 'any',
    from: ['Authorizing', 'Approving', 'Approved'],
    to: 'Declined',
    invoice: 'void',
    shipments: 'cancels',
    statusLink: 'unchanged; the page shows the reason if shared, and the void',
    history: 'declined, with the reason and whether it is shown; the invoice void',
    figures: 'declined: no kits, no amount; the void invoice not invoiced, unpaid or overdue',
    mails: [],
  },
  {
    action: 'delete',
    of: 'any',
    from: ANY,
    to: 'removed',
    invoice: 'void',
    shipments: 'cancels',
    statusLink: 'opens nothing',
    history: 'deleted (the history survives)',
    figures: 'gone; the void invoice kept in the invoices report only',
    mails: [],
  },
  {
    action: 'payment',
    of: 'Lma',
    when: 'invoiced',
    from: ANY,
    to: 'unchanged',
    invoice: 'payment',
    shipments: 'none',
    statusLink: 'unchanged; the page shows paid, or a credit due back on a void invoice',
    history: 'paid or unpaid, with the date and reference',
    figures: 'paid, unpaid or overdue (live invoices only)',
    mails: [],
  },
  {
    action: 'retention',
    of: 'any',
    when: 'its program year is past the retention',
    from: ANY,
    to: 'unchanged',
    invoice: 'kept',
    shipments: 'none',
    statusLink: 'revoked',
    history: 'personal data erased',
    figures: 'unchanged',
    mails: [],
  },
]

/** The rows of an action for an enrollment of `type` (the type's own rows, then 'any'). */
export function lifecycleRows(action: LifecycleAction, type: EnrollmentType): LifecycleRow[] {
  return LIFECYCLE.filter((row) => row.action === action && (row.of === type || row.of === 'any'))
}

const INVOICE_WORDS: Readonly<Record<InvoiceEffect, string>> = {
  'issue-or-revise':
    'issued (revision 1); if it exists, revised when its bill changed or it was void',
  'revise-if-owed-changes': 'revised (same number, revision n+1) when what it owes changed',
  'stays-under-revision':
    'a live one stays live, visible and payable, under revision (a void one stays void)',
  void: 'void, with the reason; a recorded payment becomes a credit due back',
  payment: 'payment recorded or cleared (a void invoice: cleared only)',
  kept: 'kept as it is',
  none: 'none',
}

const SHIPMENT_WORDS: Readonly<Record<ShipmentEffect, string>> = {
  ships: 'its dealer rows ship: added or changed in the next release',
  follows: 'an Approved enrollment’s rows follow: changed in the next release',
  keeps:
    'sent back after approval: its approved rows stay on the manifests until it is approved again or declined',
  cancels: 'its rows leave the manifests: cancelled in the next release',
  none: 'none',
}

/** The table as docs/product.md#lifecycle shows it (markdown). */
export function lifecycleMarkdown(): string {
  const header =
    '| action | of | from | to | invoice | shipments | status link | history | figures | mails |\n|---|---|---|---|---|---|---|---|---|---|'
  const rows = LIFECYCLE.map((row) =>
    [
      row.action + (row.when ? ` (${row.when})` : ''),
      row.of,
      row.from.join(', '),
      row.to,
      INVOICE_WORDS[row.invoice],
      SHIPMENT_WORDS[row.shipments],
      row.statusLink,
      row.history,
      row.figures,
      row.mails.length === 0
        ? 'none'
        : row.mails
            .map((mail) => `${mail.kind} to ${mail.to}${mail.when ? ` (${mail.when})` : ''}`)
            .join('; '),
    ].join(' | '),
  )
  return [header, ...rows.map((cells) => `| ${cells} |`)].join('\n')
}
