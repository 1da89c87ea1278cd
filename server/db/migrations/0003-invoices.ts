import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // One counter row per year: incrementing it locks the row, so concurrent approvals get
  // consecutive numbers and a rolled-back approval gives its number back.
  await db.schema
    .createTable('invoice_sequences')
    .addColumn('year', 'integer', (col) => col.primaryKey())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .execute()

  // A stored snapshot; no foreign key, so the invoice outlives a deleted enrollment.
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('enrollment_guid', 'uuid', (col) => col.notNull().unique())
    .addColumn('invoice_number', 'text', (col) => col.notNull().unique())
    .addColumn('invoice_year', 'integer', (col) => col.notNull())
    .addColumn('invoice_date', 'date', (col) => col.notNull())
    .addColumn('terms', 'text', (col) => col.notNull())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('brand_name', 'text', (col) => col.notNull())
    .addColumn('lma_name', 'text', (col) => col.notNull())
    .addColumn('bill_to_email', 'text', (col) => col.notNull())
    .addColumn('bill_to', 'jsonb', (col) => col.notNull())
    .addColumn('remit_to', 'jsonb', (col) => col.notNull())
    .addColumn('items', 'jsonb', (col) => col.notNull())
    .addColumn('subtotal_cents', 'integer', (col) => col.notNull())
    .addColumn('grand_total_cents', 'integer', (col) => col.notNull())
    .addColumn('issued_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('reissued_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('invoices_year_idx')
    .on('invoices')
    .columns(['invoice_year', 'invoice_number'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoices').execute()
  await db.schema.dropTable('invoice_sequences').execute()
}
