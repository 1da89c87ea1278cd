import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEnrollmentRepository } from '../enrollment/enrollment-repository.js'
import { dealerEntry, lmaRecord, uniqueBac } from '../test-support/enrollment-fixtures.js'
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/test-database.js'
import * as keysWithoutIgnorables from './migrations/0011-keys-without-ignorable-or-blank-characters.js'
import type { Database } from './schema.js'

/**
 * Migration 0011: keys stored before the normalization dropped every ignorable character, made
 * blanks spaces and folded dotless ı are recomputed, so the plain name is refused as their
 * duplicate; a row whose new key another row holds keeps its old one.
 */
describe.each(testDatabaseKinds())('migration 0011 recomputes the duplicate keys (%s)', (kind) => {
  let database: TestDatabase
  let db: Kysely<Database>

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    db = database.db
  })
  afterAll(async () => {
    await database?.close()
  })

  const repository = () => createEnrollmentRepository(db)

  /** An LMA stored as the earlier code stored it: the name as sent, `oldKey` as its key. */
  async function storedBefore(name: string, oldKey: string, bac = uniqueBac()) {
    const enrollment = await db.transaction().execute((trx) =>
      repository().insert(trx, {
        guid: randomUUID(),
        year: 2025,
        brand: 'chevy',
        type: 'Lma',
        status: 'Authorizing',
        regionId: null,
        // Its own name first: today's key of `name` may be another row's already.
        lma: lmaRecord({ name: randomUUID() }),
        dealers: [dealerEntry({ bac })],
      }),
    )
    await sql`update enrollments set lma = jsonb_set(lma, '{name}', to_jsonb(${name}::text)),
      lma_name_key = ${oldKey} where guid = ${enrollment.guid}`.execute(db)
    return enrollment.guid
  }

  const keyOf = async (guid: string) =>
    (
      await db
        .selectFrom('enrollments')
        .select('lma_name_key')
        .where('guid', '=', guid)
        .executeTakeFirstOrThrow()
    ).lma_name_key

  const taken = (name: string) =>
    repository().lmaNameTaken(db, { brand: 'chevy', year: 2025, name })

  it('a padded or dotless name stored before is the duplicate of the plain name after', async () => {
    // What NFKC and the earlier key made of them: U+3164 became U+1160 and stayed; ı became l.
    const padded = await storedBefore('Prairie\u1160Wind Dealers', 'prairie\u1160wind dealers')
    const khmer = await storedBefore('Delta Dealers\u17B4', 'delta dealers\u17b4')
    const dotless = await storedBefore('Sprıngfield Dealers', 'sprlngfield dealers')
    expect(await taken('Prairie Wind Dealers')).toBe(false)
    expect(await taken('Delta Dealers')).toBe(false)
    expect(await taken('Springfield Dealers')).toBe(false)

    await keysWithoutIgnorables.up(db as Kysely<unknown>)

    expect(await keyOf(padded)).toBe('prairie wind dealers')
    expect(await keyOf(khmer)).toBe('delta dealers')
    expect(await keyOf(dotless)).toBe('springfield dealers')
    expect(await taken('Prairie Wind Dealers')).toBe(true)
    expect(await taken('Delta Dealers')).toBe(true)
    expect(await taken('Springfield Dealers')).toBe(true)
  })

  it('a BAC key stored with an ignorable character is recomputed', async () => {
    const bac = uniqueBac()
    const guid = await storedBefore(`Bac Holder ${randomUUID()}`, `bac holder ${randomUUID()}`)
    await sql`update enrollment_dealers set bac = ${`${bac}\u17B4`}, bac_key = ${`${bac}\u17B4`}
      where enrollment_id = (select id from enrollments where guid = ${guid})`.execute(db)
    await keysWithoutIgnorables.up(db as Kysely<unknown>)
    const taken = await repository().takenBacs(db, { brand: 'chevy', year: 2025, bacs: [bac] })
    expect([...taken]).toEqual([bac])
  })

  it('a row whose new key another row holds keeps its old key: the migration does not fail', async () => {
    const plain = await storedBefore('Harbor Dealers', 'harbor dealers')
    const padded = await storedBefore('Harbor Dealers\u2800', 'harbor dealers\u2800')
    await keysWithoutIgnorables.up(db as Kysely<unknown>)
    expect(await keyOf(plain)).toBe('harbor dealers')
    expect(await keyOf(padded)).toBe('harbor dealers\u2800')
  })
})
