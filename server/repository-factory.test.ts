import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * Repositories are made in one place (ARCHITECTURE.md#the-context): `server/app-context.ts`
 * (`createRepositories`, `createAppContext`), which app.ts calls once and hands the context to
 * every route, job and operation, and the command-line entry points call for their own
 * database. A `create*Repository` anywhere else in the product (server/, scripts/) fails this
 * test: called, or imported as a value (an alias would hide the call). Tests and test support
 * may make their own; `import type` (for `ReturnType<typeof ...>`) is no call. There is no list
 * of exceptions.
 */
const root = fileURLToPath(new URL('../', import.meta.url))

/** The one factory. */
const FACTORY = 'server/app-context.ts'

const CALL = /\bcreate[A-Z]\w*Repository\s*\(/g
const DEFINITION = /\bfunction\s+$/

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

const isTest = (file: string) => file.includes('.test.') || file.includes('test-support/')

/** The calls of a `create*Repository` and its value imports in `text`, each with its line. */
function repositoriesMadeIn(text: string): string[] {
  const found: string[] = []
  const lineOf = (index: number) => text.slice(0, index).split('\n').length
  for (const match of text.matchAll(CALL)) {
    if (DEFINITION.test(text.slice(Math.max(0, match.index - 20), match.index))) continue
    found.push(`line ${lineOf(match.index)}: ${match[0].replace(/\s+/g, '')} called`)
  }
  const imports = /\bimport\s+(type\s+)?\{([^}]*)\}\s*from\s*['"][^'"]+['"]/g
  for (const match of text.matchAll(imports)) {
    if (match[1]) continue
    for (const name of (match[2] ?? '').split(',').map((each) => each.trim())) {
      if (/^create[A-Z]\w*Repository\b/.test(name)) {
        found.push(`line ${lineOf(match.index)}: ${name} imported`)
      }
    }
  }
  return found
}

describe('who makes repositories', () => {
  it(`only ${FACTORY}, handing them to the rest through the app's context`, () => {
    const making = Object.fromEntries(
      [...sourceFiles('server'), ...sourceFiles('scripts')]
        .map((file) => relative(root, join(root, file)).split('\\').join('/'))
        .filter((file) => file !== FACTORY && !isTest(file))
        .map((file) => [file, repositoriesMadeIn(readFileSync(join(root, file), 'utf8'))] as const)
        .filter(([, found]) => found.length > 0)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    )
    expect(
      making,
      `A repository is made outside ${FACTORY}: take it from the app's context (app.ts hands every route, job and operation the one context; a command-line entry point calls createRepositories), ARCHITECTURE.md#the-context.`,
    ).toEqual({})
  })

  it('finds a call, an aliased import, and no definition or type import', () => {
    expect(repositoriesMadeIn('const x = createInvoiceRepository(db)\n')).toEqual([
      'line 1: createInvoiceRepository( called',
    ])
    expect(
      repositoriesMadeIn("import { createAuditRepository as make } from './audit-repository.js'"),
    ).toEqual(['line 1: createAuditRepository as make imported'])
    expect(
      repositoriesMadeIn(
        "import type { createNotReEnrolledRepository } from './x.js'\nexport function createXRepository(db) {}",
      ),
    ).toEqual([])
  })
})
