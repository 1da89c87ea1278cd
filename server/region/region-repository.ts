import type { Kysely } from 'kysely'
import type { Region } from '../../shared/region/region.js'
import type { Database } from '../db/schema.js'

export function createRegionRepository(db: Kysely<Database>) {
  return {
    list(): Promise<Region[]> {
      return db.selectFrom('regions').select(['id', 'name']).orderBy('sort_order').execute()
    },
    async exists(id: number): Promise<boolean> {
      return (
        (await db.selectFrom('regions').select('id').where('id', '=', id).executeTakeFirst()) !==
        undefined
      )
    },
  }
}

export type RegionRepository = ReturnType<typeof createRegionRepository>
