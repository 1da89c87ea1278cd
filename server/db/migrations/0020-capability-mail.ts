import { type Kysely, sql } from 'kysely'

/**
 * Capabilities never rest in clear text, and every mail a stranger can cause has a budget
 * (docs/security.md#capabilities):
 *
 * 1. `outbox.compose`: what the worker draws when it sends a mail that carries a status or draft
 *    link (the link is minted then, so no outbox row holds it); `outbox.budget`: the daily
 *    budget the mail spends (its group and the client that caused it, hashed); `held_at`: when
 *    the worker held the mail back (a budget spent, an address no longer on the enrollment);
 *    `body_erased_at`: when a sent mail's text was erased after OUTBOX_BODY_RETENTION_DAYS.
 * 2. `mail_budgets`: the count of each budget key (a recipient's or a client's hash, per group)
 *    per day, shared by every instance.
 * 3. `status_links.recipient_hash` and `mailed_as`: the address a link was mailed to (hashed)
 *    and by which mail (a receipt, a re-issue, "Lost the mail?"), so that a new link of the same
 *    mail kind for the same address replaces the one before instead of piling up, and a stranger's
 *    "Lost the mail?" never revokes the receipt's link.
 * 4. `draft_links`: the links mailed for a draft (hashed), each opening its draft; the draft's
 *    own `token_hash` stays the saving browser's.
 * 5. `enrollment_drafts.client_hash` and an index on the address: live drafts per client and per
 *    address are capped.
 * 6. Sent mails that carried a link lose their text now (earlier versions wrote it into the row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox add column compose jsonb, add column budget jsonb,
    add column held_at timestamptz, add column body_erased_at timestamptz`.execute(db)
  await sql`create table mail_budgets (
    key text not null,
    day date not null,
    count integer not null,
    primary key (key, day))`.execute(db)
  await sql`alter table status_links add column recipient_hash text, add column mailed_as text`.execute(
    db,
  )
  await sql`create index status_links_expires_idx on status_links (expires_at)`.execute(db)
  await sql`create table draft_links (
    token_hash text primary key,
    draft_hash text not null references enrollment_drafts (token_hash) on delete cascade,
    recipient_hash text not null,
    created_at timestamptz not null default now())`.execute(db)
  await sql`create index draft_links_draft_idx on draft_links (draft_hash)`.execute(db)
  await sql`alter table enrollment_drafts add column client_hash text`.execute(db)
  await sql`create index enrollment_drafts_email_idx on enrollment_drafts (lower(email))`.execute(
    db,
  )
  await sql`create index enrollment_drafts_client_idx on enrollment_drafts (client_hash)`.execute(
    db,
  )
  await sql`create index outbox_sent_body_idx on outbox (sent_at) where body_erased_at is null`.execute(
    db,
  )
  await sql`update outbox set html = '', text = '', body_erased_at = now()
    where kind in ('submission-receipt', 'status-link', 'status-link-reissued', 'draft-link')
      and sent_at is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index outbox_sent_body_idx`.execute(db)
  await sql`drop index enrollment_drafts_client_idx`.execute(db)
  await sql`drop index enrollment_drafts_email_idx`.execute(db)
  await sql`alter table enrollment_drafts drop column client_hash`.execute(db)
  await sql`drop table draft_links`.execute(db)
  await sql`drop index status_links_expires_idx`.execute(db)
  await sql`alter table status_links drop column recipient_hash, drop column mailed_as`.execute(db)
  await sql`drop table mail_budgets`.execute(db)
  await sql`alter table outbox drop column compose, drop column budget, drop column held_at,
    drop column body_erased_at`.execute(db)
}
