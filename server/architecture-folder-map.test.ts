import { readdirSync } from 'node:fs'
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

/** ARCHITECTURE.md's folder map: what it says of each top-level folder, by the folder's name. */
const folderMap = new Map(
  (
    markdownTables(markdownSection(repositoryDocument('ARCHITECTURE.md'), '## Folder map'))[0]
      ?.rows ?? []
  ).map(([folder = '', text = '']) => [folder.replaceAll('`', ''), text]),
)

/** The folders of `parent` that the folder map's row for `row` does not name as `{prefix}{name}/`. */
function unnamed(row: string, parent: string, prefix = ''): string[] {
  const text = folderMap.get(row) ?? ''
  return foldersIn(parent).filter((name) => !text.includes(`\`${prefix}${name}/\``))
}

describe("ARCHITECTURE.md's folder map", () => {
  it('has a row for every top-level folder of the repository', () => {
    const folders = foldersIn('.').filter((name) => !ignored.includes(name))
    expect(folders.filter((name) => !folderMap.has(`${name}/`))).toEqual([])
  })

  it('names every folder under server/, shared/ and scripts/ in its row', () => {
    expect(unnamed('server/', 'server/')).toEqual([])
    expect(unnamed('shared/', 'shared/')).toEqual([])
    expect(unnamed('scripts/', 'scripts/')).toEqual([])
  })

  it("names every folder of the SPA's src/ and every feature folder in the web/ row", () => {
    expect(unnamed('web/', 'web/src/', 'src/')).toEqual([])
    expect(unnamed('web/', 'web/src/features/', 'src/features/')).toEqual([])
  })
})
