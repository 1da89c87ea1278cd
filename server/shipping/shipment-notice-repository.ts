import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.js'

/** A package shipped for a dealer of an enrollment, as the dealer may see it. */
export interface DealerShipment {
  eventId: string
  bac: string
  bacKey: string
  /** The dealer's name as the event's latest release of it shipped it; '' if none names it. */
  dealerName: string
  carrier: string
  trackingNumber: string
  /** YYYY-MM-DD. */
  shippedOn: string
}

/** An enrollment and event whose shipment mail is due. */
export interface DueNotice {
  enrollmentGuid: string
  eventId: string
}

/** The event a shipment mail names. */
export interface NoticeEvent {
  name: string
  shipBy: string
}

/**
 * The rows of the event's latest release that ship for the enrollment (a cancellation does not):
 * `s` is the shipment row the condition is about.
 */
const LATEST_ROWS = sql`select rr.bac_key from manifest_release_rows rr
  where rr.release_id = (select m.id from manifest_releases m where m.event_id = s.event_id
      order by m.number desc limit 1)
    and rr.enrollment_guid = s.enrollment_guid and rr.change <> 'cancelled'`

/**
 * What the dealer sees of the shipments (docs/product.md#status-page) and the one mail per
 * enrollment and event that its kits shipped (docs/product.md#shipment-mail).
 */
/**
 * Hours without a new package of an enrollment and event before its mail goes with what shipped
 * so far, once the ship-by date has passed (docs/product.md#shipment-mail).
 */
export const QUIET_HOURS = 24

export function createShipmentNoticeRepository(db: Kysely<Database>) {
  return {
    /** The enrollment's shipments, of one event or all, by event, BAC, date and tracking number. */
    async shipmentsOf(enrollmentGuid: string, eventId?: string): Promise<DealerShipment[]> {
      const result = await sql<DealerShipment>`select s.event_id::text as "eventId", s.bac,
          s.bac_key as "bacKey", s.carrier, s.tracking_number as "trackingNumber",
          to_char(s.shipped_on, 'YYYY-MM-DD') as "shippedOn",
          coalesce((select rr.dealer_name from manifest_release_rows rr
              join manifest_releases m on m.id = rr.release_id
            where m.event_id = s.event_id and rr.enrollment_guid = s.enrollment_guid
              and rr.bac_key = s.bac_key
            order by m.number desc limit 1), '') as "dealerName"
        from shipments s
        where s.enrollment_guid = ${enrollmentGuid}
          ${eventId === undefined ? sql`` : sql`and s.event_id = ${eventId}`}
        order by s.event_id, s.bac_key, s.shipped_on, s.tracking_number`.execute(db)
      return result.rows
    },

    /**
     * Whether the enrollment's kits ship: Approved, or sent back after approval (its approved rows
     * stay on the manifests until it is approved again or declined).
     */
    async ships(enrollmentGuid: string): Promise<boolean> {
      const row = await db
        .selectFrom('enrollments')
        .select(sql<boolean>`status = 'Approved' or approved_dealers is not null`.as('ships'))
        .where('guid', '=', enrollmentGuid)
        .executeTakeFirst()
      return row?.ships === true
    },

    /**
     * The (enrollment, event) pairs with a shipment and no mail yet whose mail is due: every row
     * of the enrollment on the event's latest release has a shipment, or the ship-by date is
     * before `today` (YYYY-MM-DD) and no package of it was recorded for QUIET_HOURS (the vendor
     * uploads a big LMA's dealers in several files: the mail waits for the last). Never a demo
     * enrollment's, nor a deleted one's.
     */
    async due(today: string, limit: number): Promise<DueNotice[]> {
      const result = await sql<DueNotice>`select s.enrollment_guid as "enrollmentGuid",
          s.event_id::text as "eventId"
        from shipments s
          join enrollments e on e.guid = s.enrollment_guid
          join sales_events ev on ev.id = s.event_id
        where not e.demo
          and not exists (select 1 from shipment_notices n
            where n.enrollment_guid = s.enrollment_guid and n.event_id = s.event_id)
        group by s.enrollment_guid, s.event_id, ev.ship_by
        having (ev.ship_by < cast(${today} as date)
            and max(s.recorded_at) < now() - make_interval(hours => ${QUIET_HOURS}))
          or (exists (${LATEST_ROWS})
            and not exists (${LATEST_ROWS} and not exists (select 1 from shipments other
              where other.event_id = s.event_id and other.bac_key = rr.bac_key)))
        order by min(s.recorded_at), s.enrollment_guid
        limit ${limit}`.execute(db)
      return result.rows
    },

    /**
     * Records the mail of the enrollment and event, in the transaction that queues it: false when
     * it is recorded already (another instance's, committed or waited for), so it goes once.
     */
    async record(notice: DueNotice): Promise<boolean> {
      const inserted = await db
        .insertInto('shipment_notices')
        .values({ enrollment_guid: notice.enrollmentGuid, event_id: notice.eventId })
        .onConflict((conflict) => conflict.columns(['enrollment_guid', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst()
      return inserted !== undefined
    },

    async eventOf(eventId: string): Promise<NoticeEvent | undefined> {
      const result = await sql<NoticeEvent>`select name,
          to_char(ship_by, 'YYYY-MM-DD') as "shipBy"
        from sales_events where id = ${eventId}`.execute(db)
      return result.rows[0]
    },
  }
}

export type ShipmentNoticeRepository = ReturnType<typeof createShipmentNoticeRepository>
