import { copyFileSync, cpSync, existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Brand } from '../../shared/config/public-config.js'
import type { ProgramCalendar } from '../../shared/enrollment/program-dates.js'
import { APP_ROOT, appPath, BUILT } from '../config/app-root.js'
import { migrations } from './migrations/index.js'

/**
 * Data directories made by `npm run build` (scripts/build/make-data-templates.ts): an embedded
 * database already initialized and migrated, and one also seeded with the demo data of the
 * default configuration. A new DATA_DIR starts as a copy of one, instead of PGlite's initdb,
 * every migration and the demo data at its first start (docs/decisions.md).
 */
export interface TemplateManifest {
  /** The PGlite release that wrote the directories: another may not read them. */
  pglite: string
  /** The migrations applied to both, in order. */
  migrations: string[]
  /** What the demo template was seeded for. */
  demo: DemoSettings
}

export interface DemoSettings {
  year: number
  brands: readonly Brand[]
  remitTo: readonly string[]
  /** The program's calendar: this year's demo enrollments fall before its close. */
  calendar: ProgramCalendar
}

export type TemplateName = 'migrated' | 'demo'

export const MANIFEST_FILE = 'manifest.json'

/** The templates' folder (dist/data-templates), if the build made it. */
export function findTemplateRoot(): string | undefined {
  const dir = appPath(BUILT.dataTemplates)
  return existsSync(join(dir, MANIFEST_FILE)) ? dir : undefined
}

/** The installed PGlite's version. */
export function pgliteVersion(): string {
  // Resolved from the application's folder: the bundle leaves PGlite in node_modules.
  const require = createRequire(join(APP_ROOT, 'package.json'))
  // The package's exports hide package.json; its entry point sits in dist/ beside it.
  const entry = require.resolve('@electric-sql/pglite')
  const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8'))
  return String(manifest.version)
}

/** Whether DATA_DIR holds a database already (PGlite looks for the same file). */
export function hasDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'))
}

export interface ProvisionOptions {
  dataDir: string
  /** The demo data start-up would seed, or null when it would seed none. */
  demo: DemoSettings | null
  /** Where the templates are; findTemplateRoot() by default. */
  root?: string | undefined
}

/**
 * Makes a new DATA_DIR a copy of the template that fits: the demo template when start-up would
 * seed exactly its demo data, the migrated one otherwise. Leaves a DATA_DIR that holds a
 * database alone, and does nothing without templates (a server run from its sources) or with
 * templates another PGlite made or that know a migration this code does not: PGlite then
 * creates the database as before. Migrations after the template's still run at start-up.
 * PG_VERSION is copied last, so a copy cut short is not taken for a database and is made again.
 */
export function provisionDataDir(options: ProvisionOptions): TemplateName | null {
  if (hasDatabase(options.dataDir)) return null
  const root = options.root ?? findTemplateRoot()
  if (!root) return null
  const manifest = readManifest(root)
  if (!manifest || !usable(manifest)) return null
  const name: TemplateName =
    options.demo && sameDemo(options.demo, manifest.demo) ? 'demo' : 'migrated'
  const source = join(root, name)
  const marker = join(source, 'PG_VERSION')
  if (!existsSync(marker)) return null
  cpSync(source, options.dataDir, {
    recursive: true,
    force: true,
    filter: (path) => path !== marker,
  })
  copyFileSync(marker, join(options.dataDir, 'PG_VERSION'))
  return name
}

function readManifest(root: string): TemplateManifest | null {
  try {
    return JSON.parse(readFileSync(join(root, MANIFEST_FILE), 'utf8')) as TemplateManifest
  } catch {
    return null
  }
}

function usable(manifest: TemplateManifest): boolean {
  const known = Object.keys(migrations)
  return (
    manifest.pglite === pgliteVersion() &&
    manifest.migrations.length <= known.length &&
    manifest.migrations.every((name, index) => known[index] === name)
  )
}

function sameDemo(wanted: DemoSettings, made: DemoSettings): boolean {
  return (
    wanted.year === made.year &&
    JSON.stringify(wanted.brands.map(({ key, name }) => [key, name])) ===
      JSON.stringify(made.brands.map(({ key, name }) => [key, name])) &&
    JSON.stringify(wanted.remitTo) === JSON.stringify(made.remitTo) &&
    JSON.stringify(wanted.calendar) === JSON.stringify(made.calendar)
  )
}
