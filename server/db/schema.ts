import type { Generated } from 'kysely'

export interface RegionTable {
  id: Generated<number>
  name: string
  sort_order: number
}

/** The database as Kysely sees it; one interface per table. */
export interface Database {
  regions: RegionTable
}
