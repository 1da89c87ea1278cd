import { type Kysely, sql } from 'kysely'

/**
 * Shipping (docs/product.md#shipping): the sales events of a brand's year, the manifests released
 * to the print vendor, the shipments it reports back, and the mail that tells the dealer.
 *
 * 1. `sales_events`: a brand's year's events (name, ship-by date, in-store dates), numbered per
 *    brand and year (the number makes the event's code, e.g. CHEVY-2025-3, never reused), the
 *    name unique per brand and year whatever its case.
 * 2. `manifest_releases` and `manifest_release_rows`: every release of an event's manifest as
 *    it was released (who, when, each row with its change since the release before); an event
 *    with a release cannot be removed (`on delete restrict`).
 * 3. `enrollments.approved_dealers`: the dealer rows an enrollment had when it was sent back
 *    after approval; the manifest keeps them until it is approved again or declined.
 * 4. `ship_to_overrides`: the program office's ship-to address of one dealer of an LMA
 *    enrollment, instead of the dealer directory's.
 * 5. `shipments`: what the vendor shipped, keyed by event, BAC and tracking number (a second
 *    tracking number is a second package).
 * 6. `shipment_notices`: the one mail per enrollment and event that its kits shipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sales_events (
    id bigserial primary key,
    guid uuid not null unique,
    brand text not null,
    year integer not null,
    number integer not null,
    name text not null,
    name_key text not null,
    ship_by date not null,
    in_store_from date not null,
    in_store_to date not null,
    created_at timestamptz not null default now(),
    modified_at timestamptz not null default now(),
    version integer not null default 1,
    unique (brand, year, number),
    unique (brand, year, name_key))`.execute(db)
  await sql`create table manifest_releases (
    id bigserial primary key,
    event_id bigint not null references sales_events (id) on delete restrict,
    number integer not null,
    released_at timestamptz not null default now(),
    released_by text not null,
    row_count integer not null,
    change_count integer not null,
    unique (event_id, number))`.execute(db)
  await sql`create table manifest_release_rows (
    release_id bigint not null references manifest_releases (id) on delete cascade,
    position integer not null,
    change text not null,
    bac text not null,
    bac_key text not null,
    dealer_name text not null,
    address text not null,
    city text not null,
    state text not null,
    postal text not null,
    country text not null,
    english_kit text,
    english_kits integer not null,
    hispanic_kit text,
    hispanic_kits integer not null,
    reference text not null,
    enrollment_guid uuid not null,
    region_id integer,
    primary key (release_id, position))`.execute(db)
  await sql`create index manifest_release_rows_bac on manifest_release_rows (bac_key)`.execute(db)
  await sql`alter table enrollments add column approved_dealers jsonb`.execute(db)
  await sql`create table ship_to_overrides (
    enrollment_guid uuid not null references enrollments (guid) on delete cascade,
    bac_key text not null,
    name text not null,
    address text not null,
    city text not null,
    state text not null,
    postal text not null,
    country text not null,
    modified_at timestamptz not null default now(),
    modified_by text not null,
    primary key (enrollment_guid, bac_key))`.execute(db)
  await sql`create table shipments (
    id bigserial primary key,
    event_id bigint not null references sales_events (id) on delete restrict,
    bac text not null,
    bac_key text not null,
    tracking_number text not null,
    carrier text not null,
    shipped_on date not null,
    enrollment_guid uuid not null,
    region_id integer,
    recorded_at timestamptz not null default now(),
    recorded_by text not null,
    modified_at timestamptz,
    modified_by text,
    unique (event_id, bac_key, tracking_number))`.execute(db)
  await sql`create index shipments_enrollment on shipments (enrollment_guid)`.execute(db)
  await sql`create table shipment_notices (
    enrollment_guid uuid not null,
    event_id bigint not null references sales_events (id) on delete restrict,
    queued_at timestamptz not null default now(),
    primary key (enrollment_guid, event_id))`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table shipment_notices`.execute(db)
  await sql`drop table shipments`.execute(db)
  await sql`drop table ship_to_overrides`.execute(db)
  await sql`alter table enrollments drop column approved_dealers`.execute(db)
  await sql`drop table manifest_release_rows`.execute(db)
  await sql`drop table manifest_releases`.execute(db)
  await sql`drop table sales_events`.execute(db)
}
