import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * Repositories own the SQL (ARCHITECTURE.md): a query is built only in a `*-repository.ts`, a
 * named SQL fragment (`*-sql.ts`), a migration, or the database's own set-up (`server/db/`).
 * A query anywhere else fails this test, so the layers cannot drift again unnoticed; and a
 * fragment only builds: running a query, or taking a handle that runs one, fails it too.
 */
const server = fileURLToPath(new URL('./', import.meta.url))

/** Every way a file can build or send a query, each with what it catches. */
const BUILDS_A_QUERY: Record<string, RegExp> = {
  "Kysely's query builders":
    /\.(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(/,
  // A common table expression names itself first (Array.prototype.with takes an index).
  "Kysely's common table expressions": /\.with(Recursive)?\(\s*(['"`]|\(?\s*\w+\s*\)?\s*=>)/,
  "Kysely's schema builder and introspection":
    /\.schema\s*\.\s*(create|alter|drop)\w*\(|\.introspection\s*\./,
  "Kysely's `sql` tag": /\bsql\s*(<[^`\n]*>)?\s*`/,
  "Kysely's `sql` helpers (sql.raw, sql.ref, sql.lit, sql.join, ...)": /\bsql\s*\.\s*\w+\s*\(/,
  'a compiled query run by hand': /\.executeQuery\(|\bCompiledQuery\s*\.\s*\w+\s*\(/,
  // PGlite's query() and exec(), pg's query(): with the SQL text or pg's { text } (a RegExp's
  // exec takes a variable).
  'a driver given SQL text': /\.(query|exec)\(\s*(['"`]|\{\s*text\b)/,
  'a database module loaded at run time':
    /\bimport\s*\(\s*['"](kysely|pg|pg-[\w-]+|@electric-sql\/pglite[^'"]*)['"]/,
}

/** Kysely, and the drivers whose clients run SQL given as text. */
const DATABASE_MODULE = /^(kysely|pg|pg-[\w-]+|@electric-sql\/pglite(\/.*)?)$/

const VALUE_IMPORT = 'a value imported from Kysely or a database driver (only `import type`)'

/**
 * The first import of a value from Kysely or a database driver: only types may come from
 * there, so an aliased `sql` tag, a namespace import or a driver's own client is caught where
 * it is imported.
 */
function valueImport(text: string): RegExpExecArray | undefined {
  const imports = /\bimport\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]/g
  for (const match of text.matchAll(imports)) {
    const [, typeOnly, clause = '', module = ''] = match
    if (typeOnly || !DATABASE_MODULE.test(module)) continue
    // `import { type A, type B }`; a default or namespace import is a value.
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1]
    if (names === undefined) return match
    const specifiers = names.split(',').map((name) => name.trim())
    if (!specifiers.every((name) => name === '' || name.startsWith('type '))) return match
  }
  return undefined
}

/** The ways `text` builds a query, each with the line it starts on. */
function queriesIn(text: string): string[] {
  const found = Object.entries(BUILDS_A_QUERY).map(([way, pattern]) => ({
    way,
    match: pattern.exec(text) ?? undefined,
  }))
  found.push({ way: VALUE_IMPORT, match: valueImport(text) })
  return found.flatMap(({ way, match }) => {
    if (!match) return []
    const line = text.slice(0, match.index).split('\n').length
    return [`${way} (line ${line}: ${match[0].trim()})`]
  })
}

/**
 * Every way a file can run a query or reach a database handle: a named SQL fragment
 * (`*-sql.ts`) builds SQL for a repository to run and never runs it, nor takes what runs it.
 */
const RUNS_A_QUERY: Record<string, RegExp> = {
  "Kysely's execute methods (execute, executeTakeFirst, executeTakeFirstOrThrow, stream, explain)":
    /\.(execute|executeTakeFirst|executeTakeFirstOrThrow|executeQuery|stream|explain)\s*(<[^(\n]*>)?\s*\(/,
  // A chain may break before its dot; a sentence's full stop in a comment is followed by a space.
  'a database handle or transaction used (db., trx., ...)':
    /\b(db|trx|tx|kysely|database|transaction|connection|client|pool|pglite)\s*\??\.[A-Za-z_$][\w$]*/,
  'a database handle or transaction taken (Kysely, Transaction, DatabaseHandle)':
    /\b(Kysely|Transaction|ControlledTransaction|QueryCreator)\s*<|\bDatabaseHandle\b|\bimport\b[^'"]*\b(Kysely|Transaction|ControlledTransaction|QueryCreator)\b[^'"]*from/,
  'a transaction opened': /\.(transaction|startTransaction|connection)\s*\(\s*\)/,
  'a driver given SQL': /\.(query|exec)\s*(<[^(\n]*>)?\s*\(/,
  'a repository imported (the fragment would run its queries)':
    /from\s*['"][^'"]*-repository\.js['"]/,
}

/** The ways `text`, a named SQL fragment, runs a query, each with the line it starts on. */
function executionsIn(text: string): string[] {
  return Object.entries(RUNS_A_QUERY).flatMap(([way, pattern]) => {
    const match = pattern.exec(text)
    if (!match) return []
    const line = text.slice(0, match.index).split('\n').length
    return [`${way} (line ${line}: ${match[0].replace(/\s+/g, ' ').trim()})`]
  })
}

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
  it('only repositories, named SQL fragments, migrations and the database set-up', () => {
    const building = Object.fromEntries(
      sourceFiles(server)
        .filter((file) => !OWNS_SQL(file))
        .map((file) => [file, queriesIn(readFileSync(join(server, file), 'utf8'))] as const)
        .filter(([, ways]) => ways.length > 0)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    )
    expect(building).toEqual({})
  })

  it('named SQL fragments (`*-sql.ts`) build SQL and run none: a repository runs it', () => {
    const running = Object.fromEntries(
      sourceFiles(server)
        .filter((file) => file.endsWith('-sql.ts'))
        .map((file) => [file, executionsIn(readFileSync(join(server, file), 'utf8'))] as const)
        .filter(([, ways]) => ways.length > 0)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    )
    expect(running).toEqual({})
  })

  it('every way a fragment could run a query is seen, and fragment code is not', () => {
    const executions = [
      'return sql`select 1`.execute(db)',
      "await db.selectFrom('outbox').selectAll().executeTakeFirst()",
      'query.executeTakeFirstOrThrow()',
      'builder.execute<{ n: number }>(trx)',
      'for await (const row of query.stream()) {}',
      "trx.updateTable('invoices')",
      'db?.fn.count',
      'this.db.insertInto',
      'export function count(db: Kysely<Database>) { return 1 }',
      "import { type Transaction } from 'kysely'",
      'function f(handle: DatabaseHandle) {}',
      "trx\n    .updateTable('invoices')",
      "import type { Transaction } from 'kysely'",
      'await handle.db.transaction().execute(fn)',
      'await client.query(text, values)',
      "import { createOutboxRepository } from '../mail/outbox-repository.js'",
    ]
    expect(executions.filter((text) => executionsIn(text).length === 0)).toEqual([])
    const fragments = [
      "import { type Expression, type RawBuilder, sql } from 'kysely'",
      'sql.join(ORDERING_STATUSES.map((status) => sql.lit(status)))',
      'if (scope.all) return sql<boolean>`true`',
      'const column = (name: string) => sql.ref(name)',
      'sql.join(scope.regionIds)',
      '// Only a live invoice is in a state, whatever the database. The client sees it.',
      '// A Transaction is opened by the repository.',
      '/** Every list, figure and export of the admin area reads it (docs/product.md#users). */',
      "import { KIT_FIGURES } from '../db/kit-figures.js'",
    ]
    expect(fragments.filter((text) => executionsIn(text).length > 0)).toEqual([])
  })

  it('every way of building a query is seen, and code that only looks like one is not', () => {
    const queries = [
      "db.selectFrom('enrollments').selectAll()",
      "trx\n  .updateTable('invoices')",
      "db.with('recent', (qb) => qb.selectFrom('outbox'))",
      "db.withRecursive('tree(id)', (qb) => qb)",
      'db.with((cte) => cte("x").materialized(), (qb) => qb)',
      "db.schema.createTable('notes')",
      'db.introspection.getTables()',
      'sql`select 1`.execute(db)',
      'sql<{ n: Array<string> }>`select 1`',
      "sql.raw('select 1')",
      "sql.ref('e.guid')",
      "db.executeQuery(CompiledQuery.raw('select 1'))",
      "CompiledQuery.raw('select 1', [])",
      'await pglite.sql`select 1`',
      "await client.query('select 1')",
      'await pglite.exec(`delete from outbox`)',
      "pool.query({ text: 'select $1', values: [1] })",
      "import { sql as q } from 'kysely'",
      "import * as kysely from 'kysely'",
      "import { type Kysely, sql } from 'kysely'",
      "import pg from 'pg'",
      "import { PGlite } from '@electric-sql/pglite'",
      "const { PGlite } = await import('@electric-sql/pglite')",
    ]
    expect(queries.filter((text) => queriesIn(text).length === 0)).toEqual([])
    const lookalikes = [
      "import type { Kysely, Selectable } from 'kysely'",
      "import type { Kysely } from 'kysely'\nimport { z } from 'zod'",
      "import { z } from 'zod'\nimport type { Kysely } from 'kysely'",
      "import './plugin.js'\nimport { type Kysely, type Selectable } from 'kysely'",
      '/^(\\d{5})$/.exec(value)',
      'BEARER.exec(header)?.[1]',
      'rows.with(0, first)',
      'request.query.year',
      "app.get('/x', { schema: { querystring } })",
      'const sqlText = `select`',
      "'Select the sales region.'",
    ]
    expect(lookalikes.filter((text) => queriesIn(text).length > 0)).toEqual([])
  })
})
