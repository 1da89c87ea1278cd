import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import { loadConfig } from '../config/config.js'
import { MANIFEST_FILE, pgliteVersion, type TemplateManifest } from '../db/data-dir-template.js'
import { openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'
import { migrations } from '../db/migrations/index.js'
import type { Database } from '../db/schema.js'
import { type DemoDataContext, seedDemoData } from './seed-demo-data.js'

export interface MakeTemplatesOptions {
  /** A migrated data directory to start from instead of a new one (tests have one). */
  migratedFrom?: string
}

/**
 * Writes the data directory templates into `root` (server/db/data-dir-template.ts): `migrated`
 * (initialized, every migration applied), `demo` (the same, seeded with the demo data of the
 * default configuration, as a first start without settings would seed it) and the manifest.
 */
export async function makeDataTemplates(
  root: string,
  /** The app's repositories on a database (server/app-context.ts's createRepositories). */
  repositoriesOn: (db: Kysely<Database>) => Omit<DemoDataContext, 'db'>,
  options: MakeTemplatesOptions = {},
): Promise<TemplateManifest> {
  rmSync(root, { recursive: true, force: true })
  mkdirSync(root, { recursive: true })
  const migratedDir = join(root, 'migrated')
  if (options.migratedFrom) cpSync(options.migratedFrom, migratedDir, { recursive: true })
  const migrated = await openDatabase({ dataDir: migratedDir })
  try {
    await migrateToLatest(migrated.db)
  } finally {
    await migrated.close()
  }

  const defaults = loadConfig({})
  const demo = {
    year: defaults.ENROLLMENT_YEAR,
    brands: defaults.BRANDS,
    remitTo: defaults.REMIT_TO,
    calendar: defaults.programCalendar,
  }
  const demoDir = join(root, 'demo')
  cpSync(migratedDir, demoDir, { recursive: true })
  const seeded = await openDatabase({ dataDir: demoDir })
  try {
    const result = await seedDemoData({ ...repositoriesOn(seeded.db), db: seeded.db }, demo)
    if (!result.seeded) throw new Error(`The demo template was not seeded: ${result.reason}`)
  } finally {
    await seeded.close()
  }

  const manifest: TemplateManifest = {
    pglite: pgliteVersion(),
    migrations: Object.keys(migrations),
    demo,
  }
  writeFileSync(join(root, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}
