import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../config/config.js'
import { makeDataTemplates } from '../demo-data/make-data-templates.js'
import { seedDemoDataIfWanted } from '../demo-data/seed-demo-data-if-wanted.js'
import { repositoriesOf } from '../test-support/repositories-of.js'
import {
  type DemoSettings,
  hasDatabase,
  MANIFEST_FILE,
  provisionDataDir,
  type TemplateManifest,
} from './data-dir-template.js'
import { openDatabase } from './database.js'
import { migrateToLatest } from './migrate.js'
import { migrations } from './migrations/index.js'

const defaults = loadConfig({})
const DEFAULT_DEMO: DemoSettings = {
  year: defaults.ENROLLMENT_YEAR,
  brands: defaults.BRANDS,
  remitTo: defaults.REMIT_TO,
  calendar: defaults.programCalendar,
}
const LATEST = Object.keys(migrations).at(-1) ?? ''

describe('a new embedded DATA_DIR from the build-time templates', () => {
  const folder = mkdtempSync(join(tmpdir(), 'pos-data-templates-'))
  const root = join(folder, 'templates')
  let counter = 0
  const newDataDir = () => join(folder, `data-${++counter}`)

  beforeAll(async () => {
    await makeDataTemplates(root, repositoriesOf, { migratedFrom: inject('pgliteTemplate') })
  }, 120_000)
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  it('starts with the demo data of the default configuration, migrated, without seeding', async () => {
    const dataDir = newDataDir()
    expect(provisionDataDir({ dataDir, demo: DEFAULT_DEMO, root })).toBe('demo')
    const database = await openDatabase({ dataDir })
    try {
      expect(await migrateToLatest(database.db)).toEqual([])
      const config = { ...defaults, DATABASE_URL: undefined, isProduction: false }
      expect(await seedDemoDataIfWanted(repositoriesOf(database.db), config)).toMatchObject({
        seeded: false,
      })
      expect(await count(database.db, 'enrollments')).toBeGreaterThan(100)
      expect(await count(database.db, 'dealer_directory')).toBe(3000)
    } finally {
      await database.close()
    }
  })

  it('starts migrated and empty for another year, brand list or remit-to, and seeds that', async () => {
    const dataDir = newDataDir()
    const demo = { ...DEFAULT_DEMO, year: 2031 }
    expect(provisionDataDir({ dataDir, demo, root })).toBe('migrated')
    const database = await openDatabase({ dataDir })
    try {
      expect(await count(database.db, 'enrollments')).toBe(0)
      const config = { ...defaults, DATABASE_URL: undefined, isProduction: false }
      const seeded = await seedDemoDataIfWanted(repositoriesOf(database.db), {
        ...config,
        ENROLLMENT_YEAR: 2031,
      })
      expect(seeded).toMatchObject({ seeded: true, year: 2030 })
    } finally {
      await database.close()
    }
    expect(provisionDataDir({ dataDir: newDataDir(), demo: null, root })).toBe('migrated')
    const otherRemit = { ...DEFAULT_DEMO, remitTo: ['Elsewhere'] }
    expect(provisionDataDir({ dataDir: newDataDir(), demo: otherRemit, root })).toBe('migrated')
  })

  it('leaves a DATA_DIR that holds a database alone', async () => {
    const dataDir = newDataDir()
    provisionDataDir({ dataDir, demo: null, root })
    const database = await openDatabase({ dataDir })
    try {
      await database.db.deleteFrom('regions').execute()
    } finally {
      await database.close()
    }
    expect(provisionDataDir({ dataDir, demo: DEFAULT_DEMO, root })).toBeNull()
    const reopened = await openDatabase({ dataDir })
    try {
      expect(await count(reopened.db, 'regions')).toBe(0)
      expect(await count(reopened.db, 'enrollments')).toBe(0)
    } finally {
      await reopened.close()
    }
  })

  it('a copy cut short before PG_VERSION is made again at the next start', async () => {
    const dataDir = newDataDir()
    cpSync(join(root, 'migrated', 'base'), join(dataDir, 'base'), { recursive: true })
    expect(hasDatabase(dataDir)).toBe(false)
    expect(provisionDataDir({ dataDir, demo: DEFAULT_DEMO, root })).toBe('demo')
    const database = await openDatabase({ dataDir })
    try {
      expect(await count(database.db, 'enrollments')).toBeGreaterThan(100)
    } finally {
      await database.close()
    }
  })

  it('applies a migration newer than the template at start-up', async () => {
    // Templates made before the latest migration existed: the same, one migration down.
    const older = join(folder, 'older-templates')
    cpSync(root, older, { recursive: true })
    for (const name of ['migrated', 'demo']) {
      const database = await openDatabase({ dataDir: join(older, name) })
      try {
        const migrator = new Migrator({
          db: database.db,
          provider: { getMigrations: async () => migrations },
        })
        const { error } = await migrator.migrateDown()
        expect(error).toBeUndefined()
      } finally {
        await database.close()
      }
    }
    const manifest = readManifest(older)
    writeManifest(older, { ...manifest, migrations: manifest.migrations.slice(0, -1) })

    const dataDir = newDataDir()
    expect(provisionDataDir({ dataDir, demo: DEFAULT_DEMO, root: older })).toBe('demo')
    const database = await openDatabase({ dataDir })
    try {
      expect(await migrateToLatest(database.db)).toEqual([LATEST])
      expect(await count(database.db, 'enrollments')).toBeGreaterThan(100)
      // The schema is the one a database migrated from scratch has, and the template's rows
      // took what the migration gave them.
      expect(await schemaOf(database.db)).toEqual(await schemaOfDataDir(join(root, 'migrated')))
      const missing = await sql<{ n: string }>`
        select count(*) as n from enrollments where reference is null`.execute(database.db)
      expect(Number(missing.rows[0]?.n)).toBe(0)
    } finally {
      await database.close()
    }
  })

  it('ignores templates of another PGlite or with a migration this code does not know', () => {
    const manifest = readManifest(root)
    const other = join(folder, 'other-templates')
    cpSync(root, other, { recursive: true })
    writeManifest(other, { ...manifest, pglite: '0.0.1' })
    expect(provisionDataDir({ dataDir: newDataDir(), demo: DEFAULT_DEMO, root: other })).toBeNull()
    writeManifest(other, { ...manifest, migrations: [...manifest.migrations, '9999-from-later'] })
    expect(provisionDataDir({ dataDir: newDataDir(), demo: DEFAULT_DEMO, root: other })).toBeNull()
    expect(
      provisionDataDir({ dataDir: newDataDir(), demo: null, root: join(folder, 'none') }),
    ).toBeNull()
  })
})

async function count(
  db: Db,
  table: 'enrollments' | 'dealer_directory' | 'regions',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db']

/** Tables, columns (type, nullability, default) and indexes of the public schema. */
async function schemaOf(db: Db): Promise<string[]> {
  const columns = await sql<{ line: string }>`
    select concat_ws(' ', table_name, column_name, data_type, is_nullable, column_default) as line
    from information_schema.columns where table_schema = 'public'`.execute(db)
  const indexes = await sql<{ line: string }>`
    select indexdef as line from pg_indexes where schemaname = 'public'`.execute(db)
  return [...columns.rows, ...indexes.rows].map((row) => row.line).sort()
}

async function schemaOfDataDir(dataDir: string): Promise<string[]> {
  const copy = mkdtempSync(join(tmpdir(), 'pos-schema-'))
  cpSync(dataDir, copy, { recursive: true })
  const database = await openDatabase({ dataDir: copy })
  try {
    return await schemaOf(database.db)
  } finally {
    await database.close()
    rmSync(copy, { recursive: true, force: true })
  }
}

function readManifest(root: string): TemplateManifest {
  return JSON.parse(readFileSync(join(root, MANIFEST_FILE), 'utf8')) as TemplateManifest
}

function writeManifest(root: string, manifest: TemplateManifest): void {
  writeFileSync(join(root, MANIFEST_FILE), JSON.stringify(manifest))
}
