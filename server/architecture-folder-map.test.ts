import { existsSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  markdownSection,
  markdownTables,
  repositoryDocument,
} from './test-support/markdown-tables.js'

const root = new URL('../', import.meta.url)

/** The folders directly in a folder of the repository, by name. */
function foldersIn(path: string): string[] {
  return readdirSync(new URL(path, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort()
}

/** Folders .gitignore names (`node_modules/`, `/data/`): build output and local state. */
const ignored = repositoryDocument('.gitignore')
  .split('\n')
  .map((line) => line.trim().match(/^\/?([\w.-]+)\/$/)?.[1])
  .filter((name): name is string => name !== undefined)

/** ARCHITECTURE.md's folder map: what it says of each folder, by the folder's path (`server/db/`). */
const folderMap = new Map(
  (
    markdownTables(markdownSection(repositoryDocument('ARCHITECTURE.md'), '## Folder map'))[0]
      ?.rows ?? []
  ).map(([folder = '', text = '']) => [folder.replaceAll('`', ''), text]),
)

/** The folders the map gives a row each: the top-level ones, and those inside these. */
const MAPPED_PARENTS = ['server/', 'shared/', 'scripts/', 'web/src/', 'web/src/features/']

/** A row short enough to read as one line of the table. */
const LONGEST_ROW = 300

describe("ARCHITECTURE.md's folder map", () => {
  it('has a row for every top-level folder of the repository', () => {
    const folders = foldersIn('.').filter((name) => !ignored.includes(name))
    expect(folders.filter((name) => !folderMap.has(`${name}/`))).toEqual([])
  })

  it.each(MAPPED_PARENTS)('has a row for every folder of %s', (parent) => {
    const rows = foldersIn(parent).map((name) => `${parent}${name}/`)
    expect(rows.filter((row) => !folderMap.has(row))).toEqual([])
  })

  it('names only folders that exist, one short row each', () => {
    const rows = [...folderMap.keys()]
    expect(rows.filter((row) => !row.endsWith('/') || !existsSync(new URL(row, root)))).toEqual([])
    expect(new Set(rows).size).toBe(rows.length)
    expect(
      [...folderMap]
        .filter(([, text]) => text.length > LONGEST_ROW)
        .map(([row, text]) => `${row}: ${text.length} characters`),
    ).toEqual([])
  })
})
