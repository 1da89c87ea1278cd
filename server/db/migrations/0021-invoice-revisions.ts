import { type Kysely, sql } from 'kysely'

/**
 * Invoices follow their enrollment (docs/product.md#invoices): an invoice is live or void and
 * has revisions.
 *
 * 1. `invoices.revision`: the revision the row holds (1 for every invoice issued so far);
 *    `voided_at` and `void_cause` (declined, deleted) and `void_reason` (the office's reason): a decline or a delete voided it (kept for the accounts, never
 *    counted as invoiced, unpaid or overdue).
 * 2. `invoice_revisions`: every revision's snapshot as it was mailed (the current one too), so
 *    each revision's PDF can be drawn again; unique per invoice and revision.
 * 3. `paid_cents`: what the recorded payment paid (the total of the revision it was recorded
 *    on); an invoice is paid only while that covers its total, so a revision upwards leaves the
 *    balance unpaid, and a void one owes back what was received.
 * 4. Invoices of enrollments declined or deleted before this migration are void now, as a
 *    decline or a delete voids them from now on; their revision 1 is recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table invoices add column revision integer not null default 1,
    add column voided_at timestamptz, add column void_cause text, add column void_reason text,
    add column paid_cents integer`.execute(db)
  // Every payment recorded so far paid its invoice in full.
  await sql`update invoices set paid_cents = grand_total_cents where paid_on is not null`.execute(
    db,
  )
  await sql`create table invoice_revisions (
    invoice_id bigint not null references invoices (id) on delete cascade,
    revision integer not null,
    issued_at timestamptz not null,
    snapshot jsonb not null,
    primary key (invoice_id, revision))`.execute(db)
  await sql`insert into invoice_revisions (invoice_id, revision, issued_at, snapshot)
    select id, 1, coalesce(reissued_at, issued_at), jsonb_build_object(
      'invoiceDate', to_char(invoice_date, 'YYYY-MM-DD'), 'terms', terms, 'brand', brand,
      'brandName', brand_name, 'lmaName', lma_name, 'billToEmail', bill_to_email,
      'billTo', bill_to, 'remitTo', remit_to, 'items', items, 'subtotalCents', subtotal_cents,
      'grandTotalCents', grand_total_cents, 'enrollmentReference', enrollment_reference)
    from invoices`.execute(db)
  await sql`update invoices i set voided_at = now(), void_cause = 'declined'
    from enrollments e where e.guid = i.enrollment_guid and e.status = 'Declined'`.execute(db)
  await sql`update invoices i set voided_at = now(), void_cause = 'deleted'
    where not exists (select 1 from enrollments e where e.guid = i.enrollment_guid)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table invoice_revisions`.execute(db)
  await sql`alter table invoices drop column revision, drop column voided_at, drop column void_cause,
    drop column void_reason, drop column paid_cents`.execute(db)
}
