import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('enrollments')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('guid', 'uuid', (col) => col.notNull().unique())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('Lma', 'Dealer')`))
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('Approved', 'Approving', 'Authorizing', 'Declined')`),
    )
    .addColumn('region_id', 'integer', (col) => col.references('regions.id'))
    .addColumn('lma', 'jsonb')
    .addColumn('lma_name_key', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('modified_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  // One LMA enrollment per LMA name (trimmed, case-insensitive), brand and year.
  await db.schema
    .createIndex('enrollments_lma_name_unique')
    .on('enrollments')
    .columns(['brand', 'year', 'lma_name_key'])
    .unique()
    .where(sql.ref('lma_name_key'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('enrollments_year_idx')
    .on('enrollments')
    .columns(['year', 'brand'])
    .execute()

  await db.schema
    .createTable('enrollment_dealers')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('enrollment_id', 'bigint', (col) =>
      col.notNull().references('enrollments.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('bac', 'text', (col) => col.notNull())
    .addColumn('bac_key', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('state', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('postal', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('country', 'text', (col) => col.notNull().defaultTo('USA'))
    .addColumn('auth_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('auth_title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('auth_email_address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('auth_phone_number', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('auth_fax_number', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('kit_size', 'text', (col) => col.notNull())
    .addColumn('hispanic', 'text', (col) => col.notNull())
    .addColumn('billing', 'text', (col) => col.notNull())
    .execute()
  // A BAC is enrolled at most once per brand and year, as a dealer or in any LMA's list.
  await db.schema
    .createIndex('enrollment_dealers_bac_unique')
    .on('enrollment_dealers')
    .columns(['brand', 'year', 'bac_key'])
    .unique()
    .execute()
  // The newest earlier enrollment of a BAC, for the type-ahead.
  await sql`create index enrollment_dealers_bac_year_idx on enrollment_dealers (bac_key, year desc)`.execute(
    db,
  )
  await db.schema
    .createIndex('enrollment_dealers_enrollment_idx')
    .on('enrollment_dealers')
    .columns(['enrollment_id', 'position'])
    .execute()

  await db.schema
    .createTable('enrollment_history')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('enrollment_guid', 'uuid', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('status_before', 'text')
    .addColumn('status_after', 'text')
    .addColumn('changes', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute()
  await db.schema
    .createIndex('enrollment_history_guid_idx')
    .on('enrollment_history')
    .columns(['enrollment_guid', 'at'])
    .execute()

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('attachments', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .execute()
  await sql`create index outbox_pending_idx on outbox (next_attempt_at) where sent_at is null`.execute(
    db,
  )

  await db.schema
    .createTable('dealer_directory')
    .addColumn('bac', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('state', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('postal', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('country', 'text', (col) => col.notNull().defaultTo('USA'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  // Prefix search on the BAC for the type-ahead (text_pattern_ops serves LIKE 'abc%').
  await sql`create index dealer_directory_bac_prefix_idx on dealer_directory (upper(bac) text_pattern_ops)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'dealer_directory',
    'outbox',
    'enrollment_history',
    'enrollment_dealers',
    'enrollments',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
