import { type Kysely, sql } from 'kysely'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import type {
  BacLookupResult,
  HispanicOption,
  KitSize,
  LmaLookupResult,
  LmaRecord,
} from '../../shared/enrollment/enrollment.js'
import { lmaNameKey } from '../../shared/enrollment/lma-name-key.js'
import { escapeLike } from '../db/escape-like.js'
import type { Database } from '../db/schema.js'

export const MAX_SUGGESTIONS = 10

/** Autocomplete queries over the dealer directory and earlier years' enrollments (DESIGN.md §9). */
export function createLookupRepository(db: Kysely<Database>) {
  return {
    async findDealersByBacPrefix(prefix: string, beforeYear: number): Promise<BacLookupResult[]> {
      const pattern = `${escapeLike(bacKey(prefix))}%`
      const result = await sql<BacLookupResult>`
        select d.bac, d.name, d.address, d.city, d.state, d.postal, d.country,
          coalesce(last.kit_size, '') as "kitSize", coalesce(last.hispanic, '') as "hispanic",
          coalesce(last.auth_name, '') as "authName", coalesce(last.auth_title, '') as "authTitle",
          coalesce(last.auth_email_address, '') as "authEmailAddress",
          coalesce(last.auth_phone_number, '') as "authPhoneNumber",
          coalesce(last.auth_fax_number, '') as "authFaxNumber",
          last.region_id as "regionId"
        from dealer_directory d
        left join lateral (
          select ed.kit_size, ed.hispanic, ed.auth_name, ed.auth_title, ed.auth_email_address,
            ed.auth_phone_number, ed.auth_fax_number, e.region_id
          from enrollment_dealers ed
          join enrollments e on e.id = ed.enrollment_id
          where ed.bac_key = upper(d.bac) and ed.year < ${beforeYear}
          order by ed.year desc, e.modified_at desc
          limit 1
        ) last on true
        where upper(d.bac) like ${pattern}
        order by upper(d.bac)
        limit ${MAX_SUGGESTIONS}`.execute(db)
      return result.rows
    },

    async findLmasByName(
      text: string,
      beforeYear: number,
      brand?: string,
    ): Promise<LmaLookupResult[]> {
      const pattern = `%${escapeLike(lmaNameKey(text))}%`
      let query = db
        .selectFrom('enrollments')
        .select(['id', 'lma', 'region_id'])
        .distinctOn('lma_name_key')
        .where('type', '=', 'Lma')
        .where('year', '<', beforeYear)
        .where('lma_name_key', 'like', pattern)
      if (brand) query = query.where('brand', '=', brand)
      const latest = await query
        .orderBy('lma_name_key')
        .orderBy('year', 'desc')
        .orderBy('modified_at', 'desc')
        .limit(MAX_SUGGESTIONS)
        .execute()
      if (latest.length === 0) return []
      const dealerRows = await db
        .selectFrom('enrollment_dealers')
        .select(['enrollment_id', 'bac', 'name', 'kit_size', 'hispanic'])
        .where(
          'enrollment_id',
          'in',
          latest.map((row) => row.id),
        )
        .orderBy('enrollment_id')
        .orderBy('position')
        .execute()
      return latest.map((row) =>
        toLmaResult(
          row.lma as LmaRecord | null,
          row.region_id,
          dealerRows.filter((d) => d.enrollment_id === row.id),
        ),
      )
    },
  }
}

function toLmaResult(
  lma: LmaRecord | null,
  regionId: number | null,
  dealers: Array<{ bac: string; name: string; kit_size: string; hispanic: string }>,
): LmaLookupResult {
  const record = lma ?? ({} as Partial<LmaRecord>)
  return {
    name: record.name ?? '',
    contact: record.contact ?? '',
    address: record.address ?? '',
    city: record.city ?? '',
    state: record.state ?? '',
    postal: record.postal ?? '',
    country: record.country ?? 'USA',
    emailAddress: record.emailAddress ?? '',
    phoneNumber: record.phoneNumber ?? '',
    agencyName: record.agencyName ?? '',
    authName: record.authName ?? '',
    authTitle: record.authTitle ?? '',
    authEmailAddress: record.authEmailAddress ?? '',
    authPhoneNumber: record.authPhoneNumber ?? '',
    authFaxNumber: record.authFaxNumber ?? '',
    type: record.type ?? '',
    regionId,
    dealers: dealers.map((dealer) => ({
      bac: dealer.bac,
      name: dealer.name,
      kitSize: dealer.kit_size as KitSize,
      hispanic: dealer.hispanic as HispanicOption,
    })),
  }
}
