import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * Repositories own the SQL (ARCHITECTURE.md): a query is built only in a `*-repository.ts`, a
 * named SQL fragment (`*-sql.ts`), a migration, or the database's own set-up (`server/db/`).
 * A query anywhere else fails this test, so the layers cannot drift again unnoticed.
 */
const server = fileURLToPath(new URL('./', import.meta.url))

/** What builds a query: Kysely's builders and its `sql` template tag. */
const BUILDS_A_QUERY =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`/

const OWNS_SQL = (file: string) =>
  file.endsWith('-repository.ts') ||
  file.endsWith('-sql.ts') ||
  file.startsWith('db/') ||
  file.includes('test-support/') ||
  file.includes('.test.')

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [relative(server, path)] : []
  })
}

describe('who builds SQL', () => {
  const building = sourceFiles(server)
    .filter((file) => !OWNS_SQL(file))
    .filter((file) => BUILDS_A_QUERY.test(readFileSync(join(server, file), 'utf8')))
    .sort()

  it('only repositories, named SQL fragments, migrations and the database set-up', () => {
    expect(building).toEqual([])
  })
})
