import { type Kysely, sql } from 'kysely'
import type { HispanicOption, KitSize } from '../../shared/domain/enrollment-choices.js'
import {
  DEALER_ENTRY_FIELDS,
  dealerFieldsLookedUpFrom,
} from '../../shared/enrollment/dealer-entry-fields.js'
import type {
  BacLookupResult,
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

/** Both type-aheads answer at most this many suggestions (docs/product.md#type-ahead). */
export const MAX_SUGGESTIONS = 10

/** A dealer of the directory as the BAC type-ahead suggests it, by its upper-cased BAC. */
export interface DealerSuggestionRow {
  key: string
  suggestion: BacLookupResult
}

/** Autocomplete queries over the dealer directory and earlier years' enrollments (docs/product.md#type-ahead). */
export function createLookupRepository(db: Kysely<Database>) {
  return {
    /**
     * The whole dealer directory for the BAC type-ahead (bac-suggestions.ts), each dealer with
     * the fields of its BAC's newest enrollment before `beforeYear` whose personal data is kept
     * (an erased one's contact is blank: docs/security.md#data-retention), keyed by its
     * upper-cased BAC.
     */
    async loadDealerSuggestions(beforeYear: number): Promise<DealerSuggestionRow[]> {
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
      const result = await sql<BacLookupResult & { key: string }>`
        select upper(d.bac) as "key", ${sql.join([...fromDirectory, ...fromLast])},
          last.region_id as "regionId"
        from dealer_directory d
        left join (
          select distinct on (ed.bac_key) ed.bac_key,
            ${sql.join(lastColumns.map((column) => sql.ref(`ed.${column}`)))}, e.region_id
          from enrollment_dealers ed
          join enrollments e on e.id = ed.enrollment_id
          where ed.year < ${beforeYear} and e.erased_at is null
          order by ed.bac_key, ed.year desc, e.modified_at desc
        ) last on last.bac_key = upper(d.bac)`.execute(db)
      return result.rows.map(({ key, ...suggestion }) => ({ key, suggestion }))
    },

    /**
     * What loadDealerSuggestions would answer, as one short text that changes whenever its
     * answer may have: the count and the sum of the row versions (`xmin`, the writing
     * transaction) of every row it reads, erased ones included. Any insert, update or delete
     * of those rows changes it, whoever wrote it; a scan of them, not their fields
     * (docs/decisions.md, "The BAC type-ahead answers from memory").
     */
    async dealerSuggestionsVersion(beforeYear: number): Promise<string> {
      const result = await sql<{ version: string }>`
        select
          (select count(*) || ' ' || coalesce(sum(xmin::text::bigint), 0) from dealer_directory)
          || ' ' ||
          (select count(*) || ' ' || coalesce(sum(ed.xmin::text::bigint + e.xmin::text::bigint), 0)
            from enrollment_dealers ed join enrollments e on e.id = ed.enrollment_id
            where ed.year < ${beforeYear}) as "version"`.execute(db)
      return result.rows[0]?.version ?? ''
    },

    /**
     * The newest enrollment before `beforeYear` of each LMA whose name contains `text`, at most
     * MAX_SUGGESTIONS; erased ones are none of them (their name is gone).
     */
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
        .where('erased_at', 'is', null)
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

export type LookupRepository = ReturnType<typeof createLookupRepository>
