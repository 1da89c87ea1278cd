import { type Kysely, sql } from 'kysely'

const SALES_REGIONS = [
  'Northeast',
  'Mid-Atlantic',
  'Southeast',
  'North Central',
  'South Central',
  'Great Lakes',
  'Central',
  'Southwest',
  'Mountain',
  'Pacific Northwest',
  'California',
]

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('regions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .execute()
  await sql`insert into regions (name, sort_order) select name, ord from unnest(${SALES_REGIONS}::text[]) with ordinality as r(name, ord)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('regions').execute()
}
