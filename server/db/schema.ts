import type { ColumnType, Generated, JSONColumnType } from 'kysely'
import type { AuditFilters } from '../../shared/audit/audit-schema.js'
import type { HispanicFigure, KitSizeFigure } from '../../shared/dashboard/dashboard-figures.js'
import type { DealerEntryColumns } from '../../shared/enrollment/dealer-entry-fields.js'
import type { DraftValues } from '../../shared/enrollment/draft-schema.js'
import type { LmaRecord } from '../../shared/enrollment/enrollment.js'
import type { Invoice } from '../../shared/invoice/invoice.js'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

export interface RegionTable {
  id: Generated<number>
  name: string
  sort_order: number
}

export interface EnrollmentColumns {
  id: Generated<string>
  guid: string
  year: number
  brand: string
  type: 'Lma' | 'Dealer'
  status: 'Approved' | 'Approving' | 'Authorizing' | 'Declined'
  region_id: number | null
  lma: JSONColumnType<LmaRecord, string | null, string | null> | null
  /** What the submitter quotes (12 hex digits, set by the database); grants no access. */
  reference: Generated<string>
  /** lmaNameKey(lma.name) of an LMA enrollment; unique per brand and year. */
  lma_name_key: string | null
  version: Generated<number>
  created_at: Timestamp
  modified_at: Timestamp
  /** When an LMA enrollment's authorization was last requested (submission, re-authorization). */
  authorization_requested_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >
  /** Reminders sent since that request (docs/product.md#authorization-reminders). */
  reminders_sent: Generated<number>
  last_reminder_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  /** Seeded demo data (or its rollover copy): never mailed through a mail server (migration 0012). */
  demo: Generated<boolean>
  /**
   * The decline reason shown on the enrollee's status page (migration 0016): set by a Decline
   * whose reason the office chose to share, cleared by every other change of status.
   */
  shared_decline_reason: string | null
  /**
   * When its personal data was erased (migration 0018, server/retention/); null while it is
   * kept. Set once, by the retention job only.
   */
  erased_at: ColumnType<Date | null, never, Date | string | null>
  /** Its dealer rows; kept by the database (migration 0009), never written by the code. */
  dealer_rows: DatabaseCount
  /**
   * The dealer rows it had when it was sent back after approval (migration 0022): the manifests
   * keep shipping them until it is approved again or declined; null otherwise.
   */
  approved_dealers: JSONColumnType<ShipDealer[], string | null | undefined, string | null> | null
}

/** What a dealer row ships (migration 0022, `enrollments.approved_dealers`). */
export interface ShipDealer {
  bac: string
  name: string
  address: string
  city: string
  state: string
  postal: string
  country: string
  kitSize: string
  hispanic: string
  billing: string
}

/** A count the database keeps (triggers of migration 0009): read, never inserted or set. */
type DatabaseCount = ColumnType<number, never, never>

/**
 * Per kit figure of the dashboard, the enrollment's dealer rows that order it (billing not
 * None): `ordering_large_yes`, ... (docs/product.md#dashboard).
 */
export type OrderingColumn = `ordering_${Lowercase<KitSizeFigure>}_${Lowercase<HispanicFigure>}`

export type EnrollmentTable = EnrollmentColumns & Record<OrderingColumn, DatabaseCount>

/** A dealer row: its place in an enrollment, then one text column per field of a dealer entry. */
export interface EnrollmentDealerTable extends DealerEntryColumns {
  id: Generated<string>
  enrollment_id: string
  position: number
  brand: string
  year: number
  /** bacKey(bac); unique per brand and year. */
  bac_key: string
}

export interface EnrollmentHistoryTable {
  id: Generated<string>
  enrollment_guid: string
  action: string
  actor: string
  at: Timestamp
  status_before: string | null
  status_after: string | null
  changes: JSONColumnType<HistoryChange[], string | undefined, string>
  /** Why, in the administrator's words (Decline, Re-authorize); null when none was given. */
  reason: string | null
  /**
   * The program year of its enrollment (migration 0018): a deleted enrollment's history is
   * found by it when its personal data is erased. Written by history-repository.ts.
   */
  year: number
  /** When its copies of personal data were erased (server/retention/); null while kept. */
  erased_at: ColumnType<Date | null, never, Date | string | null>
}

/** An administrator's internal note; never shown on public pages or in mails. */
export interface EnrollmentNoteTable {
  id: Generated<string>
  enrollment_guid: string
  author: string
  text: string
  at: Timestamp
}

import type { HistoryChange } from '../../shared/enrollment/history-changes.js'

export type { HistoryChange }

/**
 * An attachment as the outbox keeps it: its bytes (base64), or what to draw when the mail is
 * sent. An invoice's PDF is drawn by the mail worker from the invoice as issued, so an approval
 * does not spend its transaction drawing it (docs/decisions.md).
 */
export type MailAttachment = { filename: string; contentType: string } & (
  | { content: string; render?: undefined }
  | { content?: undefined; render: AttachmentRender }
)

export interface AttachmentRender {
  kind: 'invoice-pdf'
  /** The invoice as issued (its API shape), so a later change of the enrollment cannot alter it. */
  invoice: Invoice
  /** The brand whose logo heads the invoice. */
  brand: string
}

export interface OutboxTable {
  id: Generated<string>
  kind: string
  recipient: string
  subject: string
  html: string
  text: string
  attachments: JSONColumnType<MailAttachment[], string | undefined, string>
  created_at: Timestamp
  attempts: Generated<number>
  next_attempt_at: Timestamp
  sent_at: Date | null
  last_error: string | null
  /** The enrollment the mail is about, when there is one. */
  enrollment_guid: string | null
  /** When a worker took the mail to send it; cleared when the attempt ends. */
  claimed_at: Date | null
  /** What the worker draws when it sends the mail (a link minted then): migration 0020. */
  compose: JSONColumnType<MailCompose | null, string | null | undefined, string | null>
  /** The daily budget the mail spends when it is sent; `spent` once it has. */
  budget: JSONColumnType<MailBudgetSpend | null, string | null | undefined, string | null>
  /** When the worker held the mail back instead of sending it (last_error says why). */
  held_at: Date | null
  /** When a sent mail's text was erased (OUTBOX_BODY_RETENTION_DAYS). */
  body_erased_at: Date | null
}

/**
 * A mail whose text is drawn when it is sent, because it carries a link minted then
 * (docs/security.md#capabilities): the enrollment's status link for its receipt or the office's
 * re-issue, the status links of every enrollment of the year that carries the recipient's
 * address ("Lost the mail?"), or a draft's link.
 */
export type MailCompose =
  | { kind: 'submission-receipt'; guid: string }
  | { kind: 'status-link-reissued'; guid: string }
  | { kind: 'lost-links'; year: number }
  | { kind: 'draft-link'; draftHash: string }

/** The groups of mail a stranger can cause, each with its daily budget per address. */
export type MailBudgetGroup = 'submission' | 'lost-link' | 'draft'

export interface MailBudgetSpend {
  group: MailBudgetGroup
  /** The client that caused the mail (a hash of its address, /64 for IPv6). */
  client: string
  spent?: boolean
}

export interface DealerDirectoryTable {
  bac: string
  name: string
  address: string
  city: string
  state: string
  postal: string
  country: string
  updated_at: Timestamp
}

export interface InvoiceItemRow {
  description: string
  quantity: number
  unitPriceCents: number
  subtotalCents: number
}

export interface InvoiceSequenceTable {
  year: number
  last_number: number
}

export interface InvoiceTable {
  id: Generated<string>
  enrollment_guid: string
  invoice_number: string
  invoice_year: number
  /** YYYY-MM-DD (the pg driver is told to keep dates as text). */
  invoice_date: ColumnType<string, string, string>
  terms: string
  brand: string
  brand_name: string
  lma_name: string
  bill_to_email: string
  bill_to: JSONColumnType<string[], string, string>
  remit_to: JSONColumnType<string[], string, string>
  /** Every item of the fixed list, quantity 0 included. */
  items: JSONColumnType<InvoiceItemRow[], string, string>
  subtotal_cents: ColumnType<number, number, number>
  grand_total_cents: ColumnType<number, number, number>
  issued_at: Timestamp
  reissued_at: Date | null
  /** YYYY-MM-DD the payment arrived; null while unpaid. */
  paid_on: ColumnType<string | null, string | null | undefined, string | null>
  payment_reference: string | null
  /** The enrollment's reference when issued; null on invoices of enrollments deleted before 0013. */
  enrollment_reference: string | null
  /** The revision this row holds (migration 0021): 1 when issued, n+1 at each revision. */
  revision: Generated<number>
  /** When a decline or a delete voided it; null while live. */
  voided_at: Date | null
  /** Why it is void: 'declined' or 'deleted'; null while live. */
  void_cause: string | null
  /** The office's reason given with the decline; null when none was given. */
  void_reason: string | null
  /** What the recorded payment paid, in cents (the total when it was recorded); null while unpaid. */
  paid_cents: number | null
}

/** Every revision of an invoice as mailed, the current one too (migration 0021). */
export interface InvoiceRevisionTable {
  invoice_id: string
  revision: number
  issued_at: Timestamp
  snapshot: JSONColumnType<Record<string, unknown>, string, string>
}

/** A link to an enrollment's status page (migration 0014): only its token's hash is kept. */
export interface StatusLinkTable {
  id: Generated<string>
  token_hash: string
  enrollment_guid: string
  created_at: Timestamp
  /** 18 months after the enrollment's submission. */
  expires_at: Timestamp
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  /** The address the link was mailed to (its hash): a new link for it replaces this one. */
  recipient_hash: string | null
  /** The kind of mail that carried it: only a link of the same kind replaces it. */
  mailed_as: string | null
}

/** A link mailed for a draft (migration 0020): only its token's hash is kept. */
export interface DraftLinkTable {
  token_hash: string
  /** The draft it opens (enrollment_drafts.token_hash, the saving browser's token). */
  draft_hash: string
  recipient_hash: string
  created_at: Generated<Date>
}

/** A budget's count of one day (migration 0020). */
export interface MailBudgetTable {
  key: string
  day: ColumnType<string, string, string>
  count: number
}

/** A saved form (docs/product.md#save-and-continue-later), found by its link's token hash. */
export interface EnrollmentDraftTable {
  token_hash: string
  brand: string
  type: string
  /** Where the resume link was mailed. */
  email: string
  /** The form's values as saved (shared/enrollment/draft-schema.ts). */
  content: JSONColumnType<DraftValues, string, string>
  created_at: Timestamp
  saved_at: Timestamp
  expires_at: Date
  /** The client that saved it (a hash of its address): live drafts per client are capped. */
  client_hash: string | null
}

/** When each periodic job is next due (server/scheduler/). */
export interface ScheduledJobTable {
  name: string
  due_at: Date
  last_run_at: Date | null
  runs: Generated<string>
}

/** The audit trail (server/audit/): exports, reports, bulk actions, invitations, payments. */
export interface AuditTrailTable {
  id: Generated<string>
  at: Timestamp
  actor: string
  action: string
  year: number
  filters: JSONColumnType<AuditFilters, string, string>
  row_count: number
}

/**
 * A write of an enrollment (or of its invoice's total) for the admin list's changes, written by
 * triggers (migration 0019).
 */
export interface EnrollmentListChangeTable {
  id: Generated<string>
  /** The writing transaction, as `xid8` text. */
  xid: Generated<string>
  at: Generated<Date>
  enrollment_guid: string
  year: number
  /** The enrollment's regions before and after the write. */
  regions: (number | null)[]
}

/** A sales event of a brand's year (migration 0022, server/shipping/). */
export interface SalesEventTable {
  id: Generated<string>
  guid: string
  brand: string
  year: number
  number: number
  name: string
  name_key: string
  ship_by: ColumnType<string, string, string>
  in_store_from: ColumnType<string, string, string>
  in_store_to: ColumnType<string, string, string>
  created_at: Generated<Date>
  modified_at: Generated<Date>
  version: Generated<number>
}

/** A release of an event's manifest to the print vendor. */
export interface ManifestReleaseTable {
  id: Generated<string>
  event_id: string
  number: number
  released_at: Generated<Date>
  released_by: string
  row_count: number
  change_count: number
}

/** A row of a released manifest, with its change since the release before. */
export interface ManifestReleaseRowTable {
  release_id: string
  position: number
  change: string
  bac: string
  bac_key: string
  dealer_name: string
  address: string
  city: string
  state: string
  postal: string
  country: string
  english_kit: string | null
  english_kits: number
  hispanic_kit: string | null
  hispanic_kits: number
  reference: string
  enrollment_guid: string
  region_id: number | null
}

/** The office's ship-to address of one dealer of an LMA enrollment. */
export interface ShipToOverrideTable {
  enrollment_guid: string
  bac_key: string
  name: string
  address: string
  city: string
  state: string
  postal: string
  country: string
  modified_at: Generated<Date>
  modified_by: string
}

/** A package the vendor shipped: one per event, BAC and tracking number. */
export interface ShipmentTable {
  id: Generated<string>
  event_id: string
  bac: string
  bac_key: string
  tracking_number: string
  carrier: string
  shipped_on: ColumnType<string, string, string>
  enrollment_guid: string
  region_id: number | null
  recorded_at: Generated<Date>
  recorded_by: string
  modified_at: Date | null
  modified_by: string | null
}

/** The one mail per enrollment and event saying its kits shipped. */
export interface ShipmentNoticeTable {
  enrollment_guid: string
  event_id: string
  queued_at: Generated<Date>
}

/** The database as Kysely sees it; one interface per table. */
export interface Database {
  regions: RegionTable
  enrollments: EnrollmentTable
  enrollment_dealers: EnrollmentDealerTable
  enrollment_history: EnrollmentHistoryTable
  enrollment_notes: EnrollmentNoteTable
  outbox: OutboxTable
  dealer_directory: DealerDirectoryTable
  invoice_sequences: InvoiceSequenceTable
  invoices: InvoiceTable
  invoice_revisions: InvoiceRevisionTable
  status_links: StatusLinkTable
  enrollment_drafts: EnrollmentDraftTable
  draft_links: DraftLinkTable
  mail_budgets: MailBudgetTable
  scheduled_jobs: ScheduledJobTable
  audit_trail: AuditTrailTable
  enrollment_list_changes: EnrollmentListChangeTable
  sales_events: SalesEventTable
  manifest_releases: ManifestReleaseTable
  manifest_release_rows: ManifestReleaseRowTable
  ship_to_overrides: ShipToOverrideTable
  shipments: ShipmentTable
  shipment_notices: ShipmentNoticeTable
}
