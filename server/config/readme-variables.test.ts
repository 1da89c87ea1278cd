import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ENVIRONMENT_VARIABLES } from './config.js'

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')

/** The variables named in the first column of the README's configuration table. */
function documentedVariables(): Set<string> {
  const section = readme.split('## Configuration')[1]?.split('\n## ')[0] ?? ''
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]))
  return new Set(names.filter((name): name is string => name !== undefined))
}

describe('the README documents the configuration', () => {
  it('names every variable the config schema accepts, and no other', () => {
    const documented = documentedVariables()
    expect(ENVIRONMENT_VARIABLES.filter((name) => !documented.has(name))).toEqual([])
    expect([...documented].filter((name) => !ENVIRONMENT_VARIABLES.includes(name))).toEqual([])
  })
})
