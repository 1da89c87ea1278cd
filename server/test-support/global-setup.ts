import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: { url: string; database: string } | null
  }
}

/**
 * Migrates one template database per kind, once per run: a PGlite data directory that each
 * test file copies, and (when TEST_DATABASE_URL is set) a PostgreSQL database that each test
 * file clones with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const pgliteTemplate = mkdtempSync(join(tmpdir(), 'pos-pglite-template-'))
  const pglite = await openDatabase({ dataDir: pgliteTemplate })
  await migrateToLatest(pglite.db)
  await pglite.close()
  project.provide('pgliteTemplate', pgliteTemplate)

  const url = process.env.TEST_DATABASE_URL
  let templateName: string | undefined
  if (url) {
    templateName = `pos_test_template_${process.pid}_${Date.now()}`
    await adminQuery(url, `create database ${templateName}`)
    const postgres = await openDatabase({
      databaseUrl: withDatabase(url, templateName),
      dataDir: '',
    })
    await migrateToLatest(postgres.db)
    await postgres.close()
    console.log(`API tests run on PGlite and on PostgreSQL (${new URL(url).host})`)
  } else {
    console.log('API tests run on PGlite only (set TEST_DATABASE_URL to add PostgreSQL)')
  }
  project.provide('postgresTemplate', url && templateName ? { url, database: templateName } : null)

  return async () => {
    rmSync(pgliteTemplate, { recursive: true, force: true })
    if (url && templateName) await adminQuery(url, `drop database if exists ${templateName}`)
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}
