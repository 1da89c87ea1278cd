import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from './database.js'

// The embedded database runs on the server's thread: a long run of statements (a job's batches,
// a transaction of many) must leave turns for the requests that arrive meanwhile.
describe('PGlite statements', () => {
  let folder: string
  let database: DatabaseHandle

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'pos-pglite-turns-'))
    database = await openDatabase({ dataDir: folder })
  })

  afterAll(async () => {
    await database.close()
    rmSync(folder, { recursive: true, force: true })
  })

  it('leave the event loop a turn between them, inside a transaction too', async () => {
    let statements = 0
    let answeredAfter: number | undefined
    // A request's callback, due as the run begins.
    setTimeout(() => {
      answeredAfter = statements
    }, 0)
    await database.db.transaction().execute(async (trx) => {
      for (let index = 0; index < 400; index++) {
        await sql`select ${index}::int as n`.execute(trx)
        statements += 1
      }
    })
    // Without the turns it ran only once all 400 statements had.
    expect(answeredAfter).toBeDefined()
    expect(answeredAfter).toBeLessThan(400)
  })
})
