import { type Kysely, sql } from 'kysely'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import {
  DEALER_ENTRY_FIELDS,
  dealerFieldsLookedUpFrom,
} from '../../shared/enrollment/dealer-entry-fields.js'
import type {
  BacLookupResult,
  HispanicOption,
  KitSize,
  LmaLookupResult,
  LmaRecord,
} from '../../shared/enrollment/enrollment.js'
import { lmaNameKey } from '../../shared/enrollment/lma-name-key.js'
import {
  emptyLmaRecord,
  LOOKED_UP_LMA_FIELDS,
  type LookedUpLmaField,
} from '../../shared/enrollment/lma-record-fields.js'
import { escapeLike } from '../db/escape-like.js'
import type { Database } from '../db/schema.js'

export const MAX_SUGGESTIONS = 10

/** Autocomplete queries over the dealer directory and earlier years' enrollments (docs/product.md#type-ahead). */
export function createLookupRepository(db: Kysely<Database>) {
  return {
    async findDealersByBacPrefix(prefix: string, beforeYear: number): Promise<BacLookupResult[]> {
      const pattern = `${escapeLike(bacKey(prefix))}%`
      const fromDirectory = dealerFieldsLookedUpFrom('directory').map(
        (field) => sql`${sql.ref(`d.${DEALER_ENTRY_FIELDS[field].column}`)} as ${sql.ref(field)}`,
      )
      const lastColumns = dealerFieldsLookedUpFrom('lastEnrollment').map(
        (field) => DEALER_ENTRY_FIELDS[field].column,
      )
      const fromLast = dealerFieldsLookedUpFrom('lastEnrollment').map(
        (field) =>
          sql`coalesce(${sql.ref(`last.${DEALER_ENTRY_FIELDS[field].column}`)}, '') as ${sql.ref(field)}`,
      )
      const result = await sql<BacLookupResult>`
        select ${sql.join([...fromDirectory, ...fromLast])}, last.region_id as "regionId"
        from dealer_directory d
        left join lateral (
          select ${sql.join(lastColumns.map((column) => sql.ref(`ed.${column}`)))}, e.region_id
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
  const blank = emptyLmaRecord()
  const found: Record<string, unknown> = {}
  for (const field of LOOKED_UP_LMA_FIELDS) found[field] = lma?.[field] ?? blank[field]
  return {
    ...(found as Pick<LmaRecord, LookedUpLmaField>),
    regionId,
    dealers: dealers.map((dealer) => ({
      bac: dealer.bac,
      name: dealer.name,
      kitSize: dealer.kit_size as KitSize,
      hispanic: dealer.hispanic as HispanicOption,
    })),
  }
}
