import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { markdownTables, repositoryDocument } from './test-support/markdown-tables.js'

const documents = [
  'README.md',
  'ARCHITECTURE.md',
  ...readdirSync(new URL('../docs/', import.meta.url))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]

describe('the tables of the documentation', () => {
  it.each(documents)(
    '%s: every row has as many cells as its header (a bare | in a cell splits it)',
    (path) => {
      const misshapen = markdownTables(repositoryDocument(path)).flatMap(({ header, rows }) =>
        rows
          .filter((cells) => cells.length !== header.length)
          .map((cells) => `${cells[0]}: ${cells.length} cells, the header ${header.length}`),
      )
      expect(misshapen).toEqual([])
    },
  )
})
