import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.js'

/** A row of an event's latest release, as the tracking upload checks a BAC against it. */
export interface ReleasedBac {
  eventId: string
  release: number
  bac: string
  bacKey: string
  cancelled: boolean
  enrollmentGuid: string
  regionId: number | null
}

/** A shipment as the upload compares it: its key and contents. */
export interface ShipmentKeyed {
  eventId: string
  bacKey: string
  trackingNumber: string
  carrier: string
  shippedOn: string
}

export interface NewShipment extends ShipmentKeyed {
  bac: string
  enrollmentGuid: string
  regionId: number | null
}

/** Shipments inserted by one statement. */
const INSERT_BATCH = 5000

/**
 * The tracking upload's SQL (docs/product.md#tracking-upload), part of the shipping repository:
 * a few statements per file whatever its rows (the events' locks, their latest releases' rows,
 * their stored shipments, the inserts in batches).
 */
export function trackingUploadQueries(db: Kysely<Database>) {
  return {
    /**
     * Takes the events' row locks in share mode: uploads run side by side, a release of one of
     * the events waits until the upload has committed (and an upload for a release under way).
     */
    async shareEvents(eventIds: readonly string[]): Promise<void> {
      if (eventIds.length === 0) return
      await sql`select id from sales_events where id in (${sql.join([...eventIds])})
        order by id for share`.execute(db)
    },

    /** Every row of each event's latest release (cancellations too), by event. */
    async latestReleaseRows(eventIds: readonly string[]): Promise<ReleasedBac[]> {
      if (eventIds.length === 0) return []
      const result = await sql<{
        event_id: string | number
        number: number
        bac: string
        bac_key: string
        change: string
        enrollment_guid: string
        region_id: number | null
      }>`select r.event_id, r.number, rr.bac, rr.bac_key, rr.change, rr.enrollment_guid,
          rr.region_id
        from manifest_releases r
        join manifest_release_rows rr on rr.release_id = r.id
        where r.event_id in (${sql.join([...eventIds])})
          and r.number = (select max(m.number) from manifest_releases m
            where m.event_id = r.event_id)`.execute(db)
      return result.rows.map((row) => ({
        eventId: String(row.event_id),
        release: Number(row.number),
        bac: row.bac,
        bacKey: row.bac_key,
        cancelled: row.change === 'cancelled',
        enrollmentGuid: row.enrollment_guid,
        regionId: row.region_id,
      }))
    },

    /**
     * The shipments stored for these events, of these BAC keys: one statement reading the
     * events' shipments by the key's index, the BACs picked out here.
     */
    async shipmentsKeyed(
      eventIds: readonly string[],
      bacKeys: readonly string[],
    ): Promise<ShipmentKeyed[]> {
      if (eventIds.length === 0 || bacKeys.length === 0) return []
      const wanted = new Set(bacKeys)
      const result = await sql<{
        event_id: string | number
        bac_key: string
        tracking_number: string
        carrier: string
        shipped_on: string
      }>`select event_id, bac_key, tracking_number, carrier,
          to_char(shipped_on, 'YYYY-MM-DD') as shipped_on
        from shipments
        where event_id in (${sql.join([...eventIds])})`.execute(db)
      return result.rows
        .filter((row) => wanted.has(row.bac_key))
        .map((row) => ({
          eventId: String(row.event_id),
          bacKey: row.bac_key,
          trackingNumber: row.tracking_number,
          carrier: row.carrier,
          shippedOn: row.shipped_on,
        }))
    },

    /**
     * Inserts the shipments, a batch a statement with the batch as one JSON parameter (thousands
     * of bound values make a statement slow to prepare); one whose key another transaction stored
     * meanwhile is left as it is and answered, for the caller to compare.
     */
    async insertShipments(
      shipments: readonly NewShipment[],
      actor: string,
    ): Promise<{ inserted: number; skipped: NewShipment[] }> {
      let inserted = 0
      const skipped: NewShipment[] = []
      for (let start = 0; start < shipments.length; start += INSERT_BATCH) {
        const batch = shipments.slice(start, start + INSERT_BATCH)
        const rows = JSON.stringify(
          batch.map((each) => ({
            event_id: each.eventId,
            bac: each.bac,
            bac_key: each.bacKey,
            tracking_number: each.trackingNumber,
            carrier: each.carrier,
            shipped_on: each.shippedOn,
            enrollment_guid: each.enrollmentGuid,
            region_id: each.regionId,
          })),
        )
        const result = await sql<{
          event_id: string | number
          bac_key: string
          tracking_number: string
        }>`
          insert into shipments (event_id, bac, bac_key, tracking_number, carrier, shipped_on,
            enrollment_guid, region_id, recorded_by)
          select x.event_id, x.bac, x.bac_key, x.tracking_number, x.carrier, x.shipped_on,
            x.enrollment_guid, x.region_id, ${actor}
          from json_to_recordset(${rows}::json) as x(event_id bigint, bac text, bac_key text,
            tracking_number text, carrier text, shipped_on date, enrollment_guid uuid,
            region_id integer)
          on conflict (event_id, bac_key, tracking_number) do nothing
          returning event_id, bac_key, tracking_number`.execute(db)
        inserted += result.rows.length
        if (result.rows.length < batch.length) {
          const made = new Set(
            result.rows.map(
              (row) => `${row.event_id}\u0000${row.bac_key}\u0000${row.tracking_number}`,
            ),
          )
          for (const each of batch) {
            if (!made.has(`${each.eventId}\u0000${each.bacKey}\u0000${each.trackingNumber}`)) {
              skipped.push(each)
            }
          }
        }
      }
      return { inserted, skipped }
    },
  }
}
