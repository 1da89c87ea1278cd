import type { Kysely } from 'kysely'
import { createRepositories, type Repositories } from '../app-context.js'
import type { Database } from '../db/schema.js'

/** The app's repositories on `db` (server/app-context.ts), with the database: what an operation is handed. */
export function repositoriesOf(db: Kysely<Database>): Repositories & { db: Kysely<Database> } {
  return { ...createRepositories(db), db }
}
