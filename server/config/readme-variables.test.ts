import { describe, expect, it } from 'vitest'
import {
  markdownSection,
  markdownTables,
  repositoryDocument,
} from '../test-support/markdown-tables.js'
import { ENVIRONMENT_VARIABLES } from './config.js'

const configurationTable = markdownTables(
  markdownSection(repositoryDocument('README.md'), '## Configuration'),
)[0]

/** The variables named in the first column of the README's configuration table. */
function documentedVariables(): Set<string> {
  const names = (configurationTable?.rows ?? []).flatMap((cells) =>
    [...(cells[0] ?? '').matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]),
  )
  return new Set(names.filter((name): name is string => name !== undefined))
}

describe('the README documents the configuration', () => {
  it('names every variable the config schema accepts, and no other', () => {
    const documented = documentedVariables()
    expect(ENVIRONMENT_VARIABLES.filter((name) => !documented.has(name))).toEqual([])
    expect([...documented].filter((name) => !ENVIRONMENT_VARIABLES.includes(name))).toEqual([])
  })

  it('in a table whose every row has the three cells of its header: variable, default, meaning', () => {
    expect(configurationTable?.header).toEqual(['variable', 'default', 'meaning'])
    const misshapen = (configurationTable?.rows ?? [])
      .filter((cells) => cells.length !== 3)
      .map((cells) => `${cells[0]}: ${cells.length} cells`)
    expect(misshapen).toEqual([])
  })
})
