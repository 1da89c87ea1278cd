import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../db/database.js'
import { adminQuery, withDatabase } from './global-setup.js'

/**
 * Whether this run has PostgreSQL (TEST_DATABASE_URL set): every suite that runs on PostgreSQL,
 * or skips without it, asks here. With `REQUIRE_POSTGRES=1` (`.ci/run` sets it when PostgreSQL
 * is up) a run without PostgreSQL throws instead, so such a suite fails rather than skips.
 */
export function hasPostgres(): boolean {
  if (inject('postgresTemplate')) return true
  const required = process.env.REQUIRE_POSTGRES
  if (required && required !== '0' && required !== 'false') {
    throw new Error(
      'REQUIRE_POSTGRES is set, but this run has no PostgreSQL (TEST_DATABASE_URL is unset): ' +
        'this PostgreSQL suite would skip',
    )
  }
  return false
}

/** The database kinds this run tests against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): DatabaseKind[] {
  return hasPostgres() ? ['pglite', 'postgres'] : ['pglite']
}

export interface TestDatabase extends DatabaseHandle {
  /** For PostgreSQL, the connection URL of this test's own database. */
  url?: string
}

/** A fresh, migrated database of its own for one test file, removed on close. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'pos-pglite-test-'))
    cpSync(inject('pgliteTemplate'), dataDir, { recursive: true })
    const handle = await openDatabase({ dataDir })
    return {
      ...handle,
      close: async () => {
        await handle.close()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  const template = inject('postgresTemplate')
  if (!template) throw new Error('TEST_DATABASE_URL is not set')
  const name = `pos_test_${randomBytes(6).toString('hex')}`
  await createFromTemplate(template.url, name, template.database)
  const url = withDatabase(template.url, name)
  const handle = await openDatabase({ databaseUrl: url, dataDir: '' })
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close()
      await adminQuery(template.url, `drop database if exists ${name} with (force)`)
    },
  }
}

async function createFromTemplate(url: string, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(url, `create database ${name} template ${template}`)
      return
    } catch (error) {
      // Two files cloning the template at the same instant collide; wait and try again.
      if (attempt >= 10) throw error
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
    }
  }
}
