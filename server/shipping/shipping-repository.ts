import { randomUUID } from 'node:crypto'
import { type Kysely, type Selectable, sql } from 'kysely'
import { type EnrollmentScope, EVERY_ENROLLMENT } from '../../shared/auth/staff-role.js'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import {
  eventCode,
  type ManifestChange,
  type ReleaseSummary,
  type SalesEvent,
  type SalesEventBody,
} from '../../shared/shipping/shipping-schema.js'
import { enrollmentScopeSql } from '../db/enrollment-scope-sql.js'
import type { Database, ManifestReleaseRowTable, ShipDealer } from '../db/schema.js'
import type { ManifestCandidate, ManifestLine, ShipToAddress } from './manifest.js'
import { shipToKey } from './manifest.js'
import { trackingUploadQueries } from './tracking-upload-repository.js'

/** A sales event with its row id (never shown: the API names events by guid and code). */
export interface StoredEvent extends SalesEvent {
  id: string
  number: number
}

const EVENT_COLUMNS = sql<string>`e.id, e.guid, e.brand, e.year, e.number, e.name, e.version,
  to_char(e.ship_by, 'YYYY-MM-DD') as "shipBy",
  to_char(e.in_store_from, 'YYYY-MM-DD') as "inStoreFrom",
  to_char(e.in_store_to, 'YYYY-MM-DD') as "inStoreTo",
  (select count(*) from manifest_releases r where r.event_id = e.id)::integer as releases,
  (select max(r.released_at) from manifest_releases r where r.event_id = e.id) as "lastReleasedAt"`

interface EventRow {
  id: string
  guid: string
  brand: string
  year: number
  number: number
  name: string
  version: number
  shipBy: string
  inStoreFrom: string
  inStoreTo: string
  releases: number
  lastReleasedAt: Date | string | null
}

function toEvent(row: EventRow): StoredEvent {
  return {
    id: String(row.id),
    guid: row.guid,
    brand: row.brand,
    year: row.year,
    number: row.number,
    code: eventCode(row),
    name: row.name,
    shipBy: row.shipBy,
    inStoreFrom: row.inStoreFrom,
    inStoreTo: row.inStoreTo,
    version: row.version,
    releases: Number(row.releases),
    lastReleasedAt: row.lastReleasedAt ? new Date(row.lastReleasedAt).toISOString() : null,
  }
}

/** The key an event's name is unique by within its brand and year. */
export function eventNameKey(name: string): string {
  return name.toLowerCase()
}

/** A row of `manifest_release_rows` as read. */
type ReleaseRowRecord = Selectable<ManifestReleaseRowTable>

function toLine(row: ReleaseRowRecord): ManifestLine {
  return {
    bac: row.bac,
    bacKey: row.bac_key,
    dealerName: row.dealer_name,
    address: row.address,
    city: row.city,
    state: row.state,
    postal: row.postal,
    country: row.country,
    englishKit: row.english_kit as ManifestLine['englishKit'],
    englishKits: row.english_kits,
    hispanicKit: row.hispanic_kit,
    hispanicKits: row.hispanic_kits,
    reference: row.reference,
    enrollmentGuid: row.enrollment_guid,
    regionId: row.region_id,
    change: row.change as ManifestChange,
  }
}

/**
 * Shipping's SQL (docs/product.md#shipping): the sales events, the manifest's candidate rows and
 * ship-to addresses, the releases and their rows, the shipments.
 */
export function createShippingRepository(db: Kysely<Database>) {
  return {
    // The tracking upload's statements (tracking-upload-repository.ts).
    ...trackingUploadQueries(db),
    async listEvents(brand: string, year: number): Promise<StoredEvent[]> {
      const result = await sql<EventRow>`select ${EVENT_COLUMNS} from sales_events e
        where e.brand = ${brand} and e.year = ${year}
        order by e.ship_by, e.number`.execute(db)
      return result.rows.map(toEvent)
    },

    /** An event by guid; `lock` takes its row lock (releases of one event queue behind each other). */
    async findEvent(guid: string, options: { lock?: boolean } = {}): Promise<StoredEvent | null> {
      if (options.lock) {
        await sql`select id from sales_events where guid = ${guid} for update`.execute(db)
      }
      const result = await sql<EventRow>`select ${EVENT_COLUMNS} from sales_events e
        where e.guid = ${guid}`.execute(db)
      const row = result.rows[0]
      return row ? toEvent(row) : null
    },

    /** Events by code, for the tracking upload: `BRAND-YEAR-NUMBER` in any case. */
    async eventsByCode(codes: readonly string[]): Promise<Map<string, StoredEvent>> {
      const found = new Map<string, StoredEvent>()
      if (codes.length === 0) return found
      const result = await sql<EventRow>`select ${EVENT_COLUMNS} from sales_events e
        where upper(e.brand) || '-' || e.year || '-' || e.number in (${sql.join(
          codes.map((code) => code.toUpperCase()),
        )})`.execute(db)
      for (const row of result.rows) {
        const event = toEvent(row)
        found.set(event.code, event)
      }
      return found
    },

    /** Adds an event numbered after the brand's year's last; null when its name is taken. */
    async createEvent(
      brand: string,
      year: number,
      body: SalesEventBody,
    ): Promise<StoredEvent | null> {
      const guid = randomUUID()
      // The brand's year's events are numbered one at a time: a second add waits for the first
      // to commit, then takes the next number (run in the add's transaction).
      await sql`select pg_advisory_xact_lock(hashtext(${`sales-events ${brand} ${year}`}))`.execute(
        db,
      )
      const inserted = await sql<{ id: string }>`insert into sales_events
          (guid, brand, year, number, name, name_key, ship_by, in_store_from, in_store_to)
        select ${guid}, ${brand}, ${year},
          coalesce((select max(number) from sales_events where brand = ${brand} and year = ${year}), 0) + 1,
          ${body.name}, ${eventNameKey(body.name)}, ${body.shipBy}, ${body.inStoreFrom}, ${body.inStoreTo}
        on conflict (brand, year, name_key) do nothing
        returning id`.execute(db)
      if (inserted.rows.length === 0) return null
      return this.findEvent(guid)
    },

    /** Whether another event of the brand's year goes by this name. */
    async nameTaken(event: StoredEvent, name: string): Promise<boolean> {
      const row = await db
        .selectFrom('sales_events')
        .select('id')
        .where('brand', '=', event.brand)
        .where('year', '=', event.year)
        .where('name_key', '=', eventNameKey(name))
        .where('guid', '!=', event.guid)
        .executeTakeFirst()
      return row !== undefined
    },

    /** Renames and re-dates an event at `version`; false when it changed meanwhile. */
    async updateEvent(guid: string, version: number, body: SalesEventBody): Promise<boolean> {
      const result = await db
        .updateTable('sales_events')
        .set({
          name: body.name,
          name_key: eventNameKey(body.name),
          ship_by: body.shipBy,
          in_store_from: body.inStoreFrom,
          in_store_to: body.inStoreTo,
          modified_at: sql<Date>`now()`,
          version: sql<number>`version + 1`,
        })
        .where('guid', '=', guid)
        .where('version', '=', version)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Removes an event without releases; false when it has one (or is gone). */
    async removeEvent(guid: string): Promise<boolean> {
      const result = await db
        .deleteFrom('sales_events')
        .where('guid', '=', guid)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('manifest_releases')
                .select('id')
                .whereRef('manifest_releases.event_id', '=', 'sales_events.id'),
            ),
          ),
        )
        .executeTakeFirst()
      return Number(result.numDeletedRows) === 1
    },

    /** Every dealer row of the brand's year that may ship now, in the scope. */
    async manifestCandidates(
      brand: string,
      year: number,
      scope: EnrollmentScope,
    ): Promise<ManifestCandidate[]> {
      const inScope = enrollmentScopeSql(sql.ref('e.region_id'), scope)
      const approved = await db
        .selectFrom('enrollment_dealers as d')
        .innerJoin('enrollments as e', 'e.id', 'd.enrollment_id')
        .select([
          'e.guid',
          'e.type',
          'e.reference',
          'e.region_id',
          'd.bac',
          'd.name',
          'd.address',
          'd.city',
          'd.state',
          'd.postal',
          'd.country',
          'd.kit_size',
          'd.hispanic',
          'd.billing',
        ])
        .where('e.brand', '=', brand)
        .where('e.year', '=', year)
        .where('e.status', '=', 'Approved')
        .where(inScope)
        .orderBy('e.reference')
        .orderBy('d.position')
        .execute()
      const sentBack = await db
        .selectFrom('enrollments as e')
        .select(['e.guid', 'e.type', 'e.reference', 'e.region_id', 'e.approved_dealers'])
        .where('e.brand', '=', brand)
        .where('e.year', '=', year)
        .where('e.status', 'in', ['Authorizing', 'Approving'])
        .where('e.approved_dealers', 'is not', null)
        .where(inScope)
        .orderBy('e.reference')
        .execute()
      const candidates: ManifestCandidate[] = approved.map((row) => ({
        guid: row.guid,
        type: row.type,
        reference: row.reference,
        regionId: row.region_id,
        dealer: {
          bac: row.bac ?? '',
          name: row.name ?? '',
          address: row.address ?? '',
          city: row.city ?? '',
          state: row.state ?? '',
          postal: row.postal ?? '',
          country: row.country ?? '',
          kitSize: row.kit_size ?? '',
          hispanic: row.hispanic ?? '',
          billing: row.billing ?? '',
        },
      }))
      for (const row of sentBack) {
        const value = row.approved_dealers as unknown
        const dealers = (typeof value === 'string' ? JSON.parse(value) : value) as ShipDealer[]
        for (const dealer of dealers ?? []) {
          candidates.push({
            guid: row.guid,
            type: row.type,
            reference: row.reference,
            regionId: row.region_id,
            dealer,
          })
        }
      }
      return candidates
    },

    /** The ship-to addresses of LMA dealer rows: the office's, else the directory's by BAC. */
    async shipToAddresses(
      candidates: readonly ManifestCandidate[],
    ): Promise<Map<string, ShipToAddress>> {
      const lma = candidates.filter((each) => each.type === 'Lma')
      const found = new Map<string, ShipToAddress>()
      if (lma.length === 0) return found
      const keys = [...new Set(lma.map((each) => bacKey(each.dealer.bac)))]
      const directory = new Map<string, ShipToAddress>()
      for (let start = 0; start < keys.length; start += 1000) {
        const rows = await db
          .selectFrom('dealer_directory')
          .select([
            sql<string>`upper(bac)`.as('key'),
            'name',
            'address',
            'city',
            'state',
            'postal',
            'country',
          ])
          .where(sql<string>`upper(bac)`, 'in', keys.slice(start, start + 1000))
          .execute()
        for (const row of rows) directory.set(row.key, row)
      }
      const guids = [...new Set(lma.map((each) => each.guid))]
      const overrides = new Map<string, ShipToAddress>()
      for (let start = 0; start < guids.length; start += 1000) {
        const rows = await db
          .selectFrom('ship_to_overrides')
          .select([
            'enrollment_guid',
            'bac_key',
            'name',
            'address',
            'city',
            'state',
            'postal',
            'country',
          ])
          .where('enrollment_guid', 'in', guids.slice(start, start + 1000))
          .execute()
        for (const row of rows) overrides.set(shipToKey(row.enrollment_guid, row.bac_key), row)
      }
      for (const candidate of lma) {
        const key = bacKey(candidate.dealer.bac)
        const id = shipToKey(candidate.guid, key)
        const address = overrides.get(id) ?? directory.get(key)
        if (address) found.set(id, address)
      }
      return found
    },

    /** Sets the office's ship-to address of one dealer of an LMA enrollment. */
    async setShipTo(
      enrollmentGuid: string,
      bac: string,
      address: ShipToAddress,
      actor: string,
    ): Promise<void> {
      const key = bacKey(bac)
      await db
        .insertInto('ship_to_overrides')
        .values({ enrollment_guid: enrollmentGuid, bac_key: key, ...address, modified_by: actor })
        .onConflict((oc) =>
          oc
            .columns(['enrollment_guid', 'bac_key'])
            .doUpdateSet({ ...address, modified_by: actor, modified_at: sql<Date>`now()` }),
        )
        .execute()
    },

    /**
     * An event's releases, newest first. In a regional manager's scope, each release's rows and
     * changes are counted in their regions only, as its rows and files show them.
     */
    async releases(
      eventId: string,
      scope: EnrollmentScope = EVERY_ENROLLMENT,
    ): Promise<ReleaseSummary[]> {
      if (!scope.all) {
        const scoped = await sql<{
          number: number
          released_at: Date
          released_by: string
          row_count: number
          change_count: number
        }>`select r.number, r.released_at, r.released_by,
            (count(x.position) filter (where x.change <> 'cancelled'))::integer as row_count,
            (count(x.position) filter (where x.change <> 'unchanged'))::integer as change_count
          from manifest_releases r
            left join manifest_release_rows x on x.release_id = r.id
              and ${enrollmentScopeSql(sql.ref('x.region_id'), scope)}
          where r.event_id = ${eventId}
          group by r.id
          order by r.number desc`.execute(db)
        return scoped.rows.map((row) => ({
          number: row.number,
          releasedAt: new Date(row.released_at).toISOString(),
          releasedBy: row.released_by,
          rows: Number(row.row_count),
          changes: Number(row.change_count),
        }))
      }
      const rows = await db
        .selectFrom('manifest_releases')
        .select(['number', 'released_at', 'released_by', 'row_count', 'change_count'])
        .where('event_id', '=', eventId)
        .orderBy('number', 'desc')
        .execute()
      return rows.map((row) => ({
        number: row.number,
        releasedAt: new Date(row.released_at).toISOString(),
        releasedBy: row.released_by,
        rows: row.row_count,
        changes: row.change_count,
      }))
    },

    /** A release's id by its event and number. */
    async releaseId(eventId: string, number: number): Promise<string | null> {
      const row = await db
        .selectFrom('manifest_releases')
        .select('id')
        .where('event_id', '=', eventId)
        .where('number', '=', number)
        .executeTakeFirst()
      return row ? String(row.id) : null
    },

    /** A release's rows in the scope, the whole manifest then the cancellations. */
    async releaseRows(releaseId: string, scope: EnrollmentScope): Promise<ManifestLine[]> {
      const rows = await db
        .selectFrom('manifest_release_rows')
        .selectAll()
        .where('release_id', '=', releaseId)
        .where(enrollmentScopeSql(sql.ref('region_id'), scope))
        .orderBy('position')
        .execute()
      return rows.map(toLine)
    },

    /** Stores a release of `lines` (then `cancelled`); answers its number. */
    async insertRelease(
      event: StoredEvent,
      actor: string,
      lines: readonly ManifestLine[],
      cancelled: readonly ManifestLine[],
    ): Promise<number> {
      const last = await db
        .selectFrom('manifest_releases')
        .select(sql<number>`coalesce(max(number), 0)`.as('number'))
        .where('event_id', '=', event.id)
        .executeTakeFirstOrThrow()
      const number = Number(last.number) + 1
      const changes = [...lines, ...cancelled].filter((row) => row.change !== 'unchanged').length
      const release = await db
        .insertInto('manifest_releases')
        .values({
          event_id: event.id,
          number,
          released_by: actor,
          row_count: lines.length,
          change_count: changes,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const all = [...lines, ...cancelled]
      for (let start = 0; start < all.length; start += 500) {
        await db
          .insertInto('manifest_release_rows')
          .values(
            all.slice(start, start + 500).map((row, index) => ({
              release_id: release.id,
              position: start + index + 1,
              change: row.change,
              bac: row.bac,
              bac_key: row.bacKey,
              dealer_name: row.dealerName,
              address: row.address,
              city: row.city,
              state: row.state,
              postal: row.postal,
              country: row.country,
              english_kit: row.englishKit,
              english_kits: row.englishKits,
              hispanic_kit: row.hispanicKit,
              hispanic_kits: row.hispanicKits,
              reference: row.reference,
              enrollment_guid: row.enrollmentGuid,
              region_id: row.regionId,
            })),
          )
          .execute()
      }
      return number
    },

    /** The shipments of one enrollment with their events, by shipped date. */
    async shipmentsOf(enrollmentGuid: string): Promise<StoredShipment[]> {
      const result = await sql<ShipmentRecord>`select ${SHIPMENT_COLUMNS} from shipments s
        join sales_events e on e.id = s.event_id
        where s.enrollment_guid = ${enrollmentGuid}
        order by s.shipped_on, s.id`.execute(db)
      return result.rows.map(toStoredShipment)
    },

    /** A shipment by id; `lock` takes its row lock (corrections of one shipment queue). */
    async findShipment(
      id: string,
      options: { lock?: boolean } = {},
    ): Promise<StoredShipment | null> {
      if (options.lock) {
        await sql`select id from shipments where id = ${id} for update`.execute(db)
      }
      const result = await sql<ShipmentRecord>`select ${SHIPMENT_COLUMNS} from shipments s
        join sales_events e on e.id = s.event_id
        where s.id = ${id}`.execute(db)
      const row = result.rows[0]
      return row ? toStoredShipment(row) : null
    },

    /** Whether another shipment of the same event and BAC has this tracking number. */
    async trackingNumberTaken(shipment: StoredShipment, trackingNumber: string): Promise<boolean> {
      const row = await db
        .selectFrom('shipments')
        .select('id')
        .where('event_id', '=', shipment.eventId)
        .where('bac_key', '=', shipment.bacKey)
        .where('tracking_number', '=', trackingNumber)
        .where('id', '!=', shipment.id)
        .executeTakeFirst()
      return row !== undefined
    },

    /** Corrects a shipment's carrier, tracking number and shipped date; records who and when. */
    async correctShipment(
      id: string,
      fields: { carrier: string; trackingNumber: string; shippedOn: string },
      actor: string,
    ): Promise<void> {
      await db
        .updateTable('shipments')
        .set({
          carrier: fields.carrier,
          tracking_number: fields.trackingNumber,
          shipped_on: fields.shippedOn,
          modified_at: sql<Date>`now()`,
          modified_by: actor,
        })
        .where('id', '=', id)
        .execute()
    },

    /**
     * Per released event of the brand's year (by guid): its latest release's number and whether
     * a row of the enrollment ships on it (a cancellation does not).
     */
    async latestReleasesOf(
      brand: string,
      year: number,
      enrollmentGuid: string,
    ): Promise<Map<string, { number: number; onIt: boolean }>> {
      const result = await sql<{ guid: string; number: number; on_it: boolean }>`
        select e.guid, r.number, exists (
            select 1 from manifest_release_rows rr
            where rr.release_id = r.id and rr.enrollment_guid = ${enrollmentGuid}
              and rr.change <> 'cancelled') as on_it
        from sales_events e
        join manifest_releases r on r.event_id = e.id
        where e.brand = ${brand} and e.year = ${year}
          and r.number = (select max(m.number) from manifest_releases m where m.event_id = e.id)`.execute(
        db,
      )
      return new Map(
        result.rows.map((row) => [row.guid, { number: Number(row.number), onIt: row.on_it }]),
      )
    },

    /** The office's ship-to addresses of an enrollment's dealers, by BAC key. */
    async shipToOverridesOf(enrollmentGuid: string): Promise<Map<string, ShipToAddress>> {
      const rows = await db
        .selectFrom('ship_to_overrides')
        .select(['bac_key', 'name', 'address', 'city', 'state', 'postal', 'country'])
        .where('enrollment_guid', '=', enrollmentGuid)
        .execute()
      return new Map(rows.map(({ bac_key, ...address }) => [bac_key, address]))
    },

    /**
     * Stores sales events with the guids given (the demo data's, repeatable); numbered after the
     * brand's year's last in their order. An event whose guid is stored, or whose name its
     * brand's year has, is skipped.
     */
    async insertEventsWithGuids(
      events: ReadonlyArray<SalesEventBody & { guid: string; brand: string; year: number }>,
    ): Promise<void> {
      for (const event of events) {
        await sql`insert into sales_events
            (guid, brand, year, number, name, name_key, ship_by, in_store_from, in_store_to)
          select ${event.guid}, ${event.brand}, ${event.year},
            coalesce((select max(number) from sales_events
              where brand = ${event.brand} and year = ${event.year}), 0) + 1,
            ${event.name}, ${eventNameKey(event.name)}, ${event.shipBy}, ${event.inStoreFrom},
            ${event.inStoreTo}
          on conflict do nothing`.execute(db)
      }
    },
  }
}

export type ShippingRepository = ReturnType<typeof createShippingRepository>

/** A shipment with what its correction and its answer need. */
export interface StoredShipment {
  id: string
  eventId: string
  eventGuid: string
  eventCode: string
  eventName: string
  eventYear: number
  eventBrand: string
  bac: string
  bacKey: string
  carrier: string
  trackingNumber: string
  shippedOn: string
  enrollmentGuid: string
}

const SHIPMENT_COLUMNS = sql<string>`s.id, s.event_id, e.guid as event_guid, e.brand, e.year,
  e.number, e.name, s.bac, s.bac_key, s.carrier, s.tracking_number,
  to_char(s.shipped_on, 'YYYY-MM-DD') as shipped_on, s.enrollment_guid`

interface ShipmentRecord {
  id: string | number
  event_id: string | number
  event_guid: string
  brand: string
  year: number
  number: number
  name: string
  bac: string
  bac_key: string
  carrier: string
  tracking_number: string
  shipped_on: string
  enrollment_guid: string
}

function toStoredShipment(row: ShipmentRecord): StoredShipment {
  return {
    id: String(row.id),
    eventId: String(row.event_id),
    eventGuid: row.event_guid,
    eventCode: eventCode(row),
    eventName: row.name,
    eventYear: row.year,
    eventBrand: row.brand,
    bac: row.bac,
    bacKey: row.bac_key,
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    shippedOn: row.shipped_on,
    enrollmentGuid: row.enrollment_guid,
  }
}
