import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  markdownSection,
  markdownTables,
  repositoryDocument,
} from './test-support/markdown-tables.js'

/**
 * The server's floors are said twice: as rules in .dependency-cruiser-server.cjs, which
 * `npm run lint` checks the imports against, and as the floor table of ARCHITECTURE.md's
 * "Import direction". This test holds the two equal, and every folder of server/ on a floor.
 */

interface Rule {
  name: string
  from: { path?: string }
  to: { path?: string; pathNot?: string }
}
interface Configuration {
  options: { exclude: { path: string[] } }
  forbidden: Rule[]
}

const configuration = createRequire(import.meta.url)(
  '../.dependency-cruiser-server.cjs',
) as Configuration

/** A module of `folder` as dependency-cruiser names it, to try the rules' patterns on. */
const moduleOf = (folder: string) => `server/${folder}/module.ts`

const isTest = (module: string) =>
  configuration.options.exclude.path.some((pattern) => new RegExp(pattern).test(module))

const serverRoot = new URL('./', import.meta.url).pathname

/** The files of a folder of server/, as dependency-cruiser names them (server/faults/x.test.ts). */
function filesOf(folder: string): string[] {
  return readdirSync(join(serverRoot, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `server/${relative(serverRoot, join(entry.parentPath, entry.name))}`)
}

/** A folder of tests and test support only (server/test-support/, server/faults/): on no floor. */
const isTestCode = (folder: string) => filesOf(folder).every(isTest)

/** The config's floors, from the ground up: `floor-1`, `floor-2`, ... with their folders. */
const floorRules = configuration.forbidden
  .filter((rule) => /^floor-\d+$/.test(rule.name))
  .sort((a, b) => Number(a.name.slice(6)) - Number(b.name.slice(6)))

function foldersOf(rule: Rule): string[] {
  const names = /^\^server\/\(([^()]+)\)\/$/.exec(rule.from.path ?? '')?.[1]
  if (names === undefined) throw new Error(`${rule.name}: from.path is not ^server/(a|b|...)/`)
  return names.split('|').sort()
}

const configFloors = floorRules.map((rule) => ({ rule, folders: foldersOf(rule) }))
const floorOf = (folder: string) =>
  configFloors.findIndex(({ folders }) => folders.includes(folder)) + 1

/** The floor table: `{ floor: '4, the services', folders: ['auth', ...] }` per row. */
const documentFloors = (
  markdownTables(
    markdownSection(repositoryDocument('ARCHITECTURE.md'), '## Import direction'),
  ).find(({ header }) => header[0] === 'floor')?.rows ?? []
).map(([floor = '', folders = '']) => ({
  floor,
  folders: [...folders.matchAll(/`([\w.-]+)\/`/g)].map((match) => match[1] ?? '').sort(),
}))

const serverFolders = readdirSync(new URL('./', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

describe("the server's floors", () => {
  it('puts every folder of server/ on exactly one floor of .dependency-cruiser-server.cjs (tests aside)', () => {
    expect(floorRules.length).toBeGreaterThan(0)
    const product = serverFolders.filter((folder) => !isTestCode(folder))
    expect(product.filter((folder) => floorOf(folder) === 0)).toEqual([])
    const onSeveral = product.filter(
      (folder) => configFloors.filter(({ folders }) => folders.includes(folder)).length > 1,
    )
    expect(onSeveral).toEqual([])
  })

  it('lets each floor import only from itself and the floors below', () => {
    const wrong = configFloors.flatMap(({ rule }, index) =>
      configFloors
        .flatMap(({ folders }) => folders)
        .filter((folder) => {
          // The rule forbids an import of a server module outside its `pathNot`.
          const allowed = new RegExp(rule.to.pathNot ?? '$^').test(moduleOf(folder))
          return allowed !== floorOf(folder) <= index + 1
        })
        .map((folder) => `${rule.name} → ${folder}`),
    )
    expect(wrong).toEqual([])
  })

  it("are ARCHITECTURE.md's floor table, floor by floor", () => {
    const numbered = documentFloors.filter(({ floor }) => /^\d/.test(floor))
    expect(numbered.map(({ floor }) => Number.parseInt(floor, 10))).toEqual(
      configFloors.map((_, index) => index + 1),
    )
    expect(numbered.map(({ folders }) => folders)).toEqual(
      configFloors.map(({ folders }) => folders),
    )
    // The top: server/*.ts, which no folder imports.
    expect(documentFloors.at(-1)?.floor).toBe('top')
    expect(configuration.forbidden.map(({ name }) => name)).toContain('server-root-on-top')
  })
})
