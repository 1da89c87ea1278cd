import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../db/database.js'
import { repositoriesOf } from '../test-support/repositories-of.js'
import { createTestDatabase, testDatabaseKinds } from '../test-support/test-database.js'
import { runImport } from './run-import.js'

interface Target {
  env: Record<string, string>
  /** Opens the database the import wrote to (PGlite only once the import has closed it). */
  open(): Promise<DatabaseHandle>
  close(): Promise<void>
}

/** PGlite: a DATA_DIR copied from the migrated template (a fresh one takes seconds to create). */
async function createTarget(kind: DatabaseKind): Promise<Target> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'pos-import-test-'))
    cpSync(inject('pgliteTemplate'), dataDir, { recursive: true })
    return {
      env: { NODE_ENV: 'test', DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      close: async () => rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const database = await createTestDatabase('postgres')
  return {
    env: { NODE_ENV: 'test', DATABASE_URL: database.url ?? '' },
    open: async () => ({ ...database, close: async () => {} }),
    close: () => database.close(),
  }
}

function capture() {
  const out: string[] = []
  const err: string[] = []
  return {
    out,
    err,
    output: { log: (line: string) => out.push(line), error: (line: string) => err.push(line) },
  }
}

const HEADER = 'BAC,Dealer Name,Address,City,State,Zip,Country'

describe.each(testDatabaseKinds())('import:dealers on %s', (kind) => {
  let target: Target
  let folder: string
  beforeAll(async () => {
    target = await createTarget(kind)
    folder = mkdtempSync(join(tmpdir(), 'pos-import-csv-'))
  })
  afterAll(async () => {
    await target?.close()
    rmSync(folder, { recursive: true, force: true })
  })

  function csvFile(name: string, lines: string[]): string {
    const path = join(folder, name)
    writeFileSync(path, `${lines.join('\r\n')}\r\n`)
    return path
  }

  it('imports the good rows, reports the bad ones and updates on a second run', async () => {
    const file = csvFile('first.csv', [
      HEADER,
      '112233,Riverside Chevrolet,1 Main St,Lansing,MI,48906,USA',
      '118402,Summit Auto Group,2 Oak Ave,Phoenix,AZ,85016-1234,',
      '12-34,Bad BAC,3 Elm St,Dallas,TX,75201,USA',
      '124517,"Hayes Chevrolet, Inc.",4 Pine St,Springfield,XX,62704,USA',
    ])
    const first = capture()
    expect(await runImport([file], target.env, repositoriesOf, first.output)).toBe(0)
    expect(first.err).toEqual([])
    expect(first.out).toEqual([
      'Imported 2 dealers (2 new, 0 updated); 2 rows rejected:',
      '  line 4: BAC "12-34" must be 1 to 25 letters or digits',
      '  line 5: state "XX" is not a US state code (two letters, such as MI)',
    ])

    const second = capture()
    const update = csvFile('second.csv', [
      HEADER,
      '112233,Riverside Chevrolet Buick GMC,1 Main St,Lansing,MI,48906,USA',
      '131960,Lakeside Chevrolet,155 Lakeshore Dr,Madison,WI,53703,USA',
    ])
    expect(await runImport([update], target.env, repositoriesOf, second.output)).toBe(0)
    expect(second.out).toEqual(['Imported 2 dealers (1 new, 1 updated).'])

    const database = await target.open()
    try {
      const rows = await database.db
        .selectFrom('dealer_directory')
        .select(['bac', 'name', 'postal'])
        .orderBy('bac')
        .execute()
      expect(rows).toEqual([
        { bac: '112233', name: 'Riverside Chevrolet Buick GMC', postal: '48906' },
        { bac: '118402', name: 'Summit Auto Group', postal: '85016' },
        { bac: '131960', name: 'Lakeside Chevrolet', postal: '53703' },
      ])
    } finally {
      await database.close()
    }
  })

  it('reports warnings and resolves the path from INIT_CWD', async () => {
    csvFile('repeat.csv', [HEADER, '9,A,,,MI,48226,', '9,B,,,MI,48226,'])
    const { out, output } = capture()
    const code = await runImport(
      ['repeat.csv'],
      { ...target.env, INIT_CWD: folder },
      repositoriesOf,
      output,
    )
    expect(code).toBe(0)
    expect(out).toEqual([
      'Imported 1 dealer (1 new, 0 updated).',
      '1 warning:',
      '  line 3: BAC 9 also appears on line 2; this row replaces it',
    ])
  })

  it('fails on a file without good rows', async () => {
    const file = csvFile('bad.csv', [HEADER, ',No BAC,,,MI,48226,'])
    const { out, err, output } = capture()
    expect(await runImport([file], target.env, repositoriesOf, output)).toBe(1)
    expect(out).toEqual([])
    expect(err).toEqual([`No dealers imported from ${file}:`, '  line 2: BAC is required'])

    const empty = capture()
    expect(
      await runImport([csvFile('empty.csv', [HEADER])], target.env, repositoriesOf, empty.output),
    ).toBe(1)
    expect(empty.err[1]).toBe('  the file has a header row but no dealer rows')
  })
})
