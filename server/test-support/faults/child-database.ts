import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import type { DatabaseKind } from '../../db/database.js'
import { createTestDatabase } from '../test-database.js'

export interface ChildDatabase {
  /** DATABASE_URL or DATA_DIR for a child server. */
  env: Record<string, string>
  /** PostgreSQL: the URL of the database, to look into it while the child runs. */
  url?: string
  remove(): Promise<void>
}

/**
 * A fresh, migrated database for a child server process: a PostgreSQL clone of the template, or
 * a copy of the PGlite template directory (which only the child may open while it runs).
 */
export async function createChildDatabase(kind: DatabaseKind): Promise<ChildDatabase> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'pos-fault-pglite-'))
    cpSync(inject('pgliteTemplate'), dataDir, { recursive: true })
    return {
      env: { DATA_DIR: dataDir },
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const database = await createTestDatabase('postgres')
  // The handle is not needed: the test looks with connections of its own.
  const url = database.url ?? ''
  return { env: { DATABASE_URL: url }, url, remove: () => database.close() }
}
