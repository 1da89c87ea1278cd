import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'
import { migrations } from '../db/migrations/index.js'
import { startFaultApp } from '../test-support/faults/fault-app.js'
import { createEmptyDatabase, hasPostgres, queryOnce } from '../test-support/faults/postgres.js'

const INSTANCES = 3

describe.runIf(hasPostgres())('instances starting together on a fresh PostgreSQL', () => {
  it.each([1, 2, 3])('round %i: each migration runs once and every instance comes up', async () => {
    const fresh = await createEmptyDatabase()
    const handles = await Promise.all(
      Array.from({ length: INSTANCES }, () =>
        openDatabase({ databaseUrl: fresh.url, dataDir: '' }),
      ),
    )
    try {
      // Each instance migrates on its own pool, all at the same moment, as main.ts does.
      const applied = await Promise.all(handles.map((handle) => migrateToLatest(handle.db)))
      const names = Object.keys(migrations).sort()
      expect(applied.flat().sort()).toEqual(names)
      const rows = await queryOnce<{ name: string; n: string }>(
        fresh.url,
        'select name, count(*) as n from kysely_migration group by name order by name',
      )
      expect(rows).toEqual(names.map((name) => ({ name, n: '1' })))

      for (const handle of handles) {
        const { app } = await startFaultApp(handle, { LOG_LEVEL: 'warn' }, { worker: false })
        try {
          expect((await app.inject('/readyz')).statusCode).toBe(200)
        } finally {
          await app.close()
        }
      }
    } finally {
      for (const handle of handles) await handle.close()
      await fresh.drop()
    }
  })
})
