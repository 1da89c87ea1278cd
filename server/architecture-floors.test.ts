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
 * The floors of server/ and of shared/ are each said twice: as rules in
 * .dependency-cruiser-server.cjs and .dependency-cruiser-shared.cjs, which `npm run lint` checks
 * the imports against, and as a floor table of ARCHITECTURE.md's "Import direction". This test
 * holds each pair equal, and every folder of server/ and of shared/ on a floor.
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

const load = createRequire(import.meta.url)

/** One side's floors: its root folder, its configuration, its floor rules' prefix, its table. */
const SIDES = [
  {
    root: 'server',
    configuration: load('../.dependency-cruiser-server.cjs') as Configuration,
    configFile: '.dependency-cruiser-server.cjs',
    rulePrefix: 'floor-',
    tableHeader: 'floor',
    // The top: server/*.ts, which no folder imports.
    top: { row: 'top', rule: 'server-root-on-top' },
    cycleRule: 'no-folder-cycle',
    noFloorRules: ['floor-none-imports', 'floor-none-imported', 'floor-none-alone'],
  },
  {
    root: 'shared',
    configuration: load('../.dependency-cruiser-shared.cjs') as Configuration,
    configFile: '.dependency-cruiser-shared.cjs',
    rulePrefix: 'shared-floor-',
    tableHeader: 'shared floor',
    top: null,
    cycleRule: 'shared-no-folder-cycle',
    noFloorRules: [
      'shared-floor-none-imports',
      'shared-floor-none-imported',
      'shared-floor-none-alone',
    ],
  },
] as const

describe.each(SIDES)('the floors of $root/', (side) => {
  const { configuration, root } = side

  /** A module of `folder` as dependency-cruiser names it, to try the rules' patterns on. */
  const moduleOf = (folder: string) => `${root}/${folder}/module.ts`

  const isTest = (module: string) =>
    configuration.options.exclude.path.some((pattern) => new RegExp(pattern).test(module))

  const rootPath = new URL(`../${root}/`, import.meta.url).pathname

  /** The files of a folder, as dependency-cruiser names them (server/faults/x.test.ts). */
  function filesOf(folder: string): string[] {
    return readdirSync(join(rootPath, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${root}/${relative(rootPath, join(entry.parentPath, entry.name))}`)
  }

  /** A folder of tests and test support only (server/test-support/, server/faults/): on no floor. */
  const isTestCode = (folder: string) => filesOf(folder).every(isTest)

  /** The config's floors, from the ground up: `floor-1`, `floor-2`, ... with their folders. */
  const floorRules = configuration.forbidden
    .filter((rule) => new RegExp(`^${side.rulePrefix}\\d+$`).test(rule.name))
    .sort(
      (a, b) =>
        Number(a.name.slice(side.rulePrefix.length)) - Number(b.name.slice(side.rulePrefix.length)),
    )

  function foldersOf(rule: Rule): string[] {
    const names = new RegExp(`^\\^${root}\\/\\(([^()]+)\\)\\/$`).exec(rule.from.path ?? '')?.[1]
    if (names === undefined) throw new Error(`${rule.name}: from.path is not ^${root}/(a|b|...)/`)
    return names.split('|').sort()
  }

  const configFloors = floorRules.map((rule) => ({ rule, folders: foldersOf(rule) }))
  const floorOf = (folder: string) =>
    configFloors.findIndex(({ folders }) => folders.includes(folder)) + 1

  /** The floor table: `{ floor: '4, the services', folders: ['auth', ...] }` per row. */
  const documentFloors = (
    markdownTables(
      markdownSection(repositoryDocument('ARCHITECTURE.md'), '## Import direction'),
    ).find(({ header }) => header[0] === side.tableHeader)?.rows ?? []
  ).map(([floor = '', folders = '']) => ({
    floor,
    folders: [...folders.matchAll(/`([\w.-]+)\/`/g)].map((match) => match[1] ?? '').sort(),
  }))

  const folders = readdirSync(rootPath, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

  it(`puts every folder of ${root}/ on exactly one floor of ${side.configFile} (tests aside)`, () => {
    expect(floorRules.length).toBeGreaterThan(0)
    const product = folders.filter((folder) => !isTestCode(folder))
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
          // The rule forbids an import of a module of this side outside its `pathNot`.
          const allowed = new RegExp(rule.to.pathNot ?? '$^').test(moduleOf(folder))
          return allowed !== floorOf(folder) <= index + 1
        })
        .map((folder) => `${rule.name} → ${folder}`),
    )
    expect(wrong).toEqual([])
  })

  it('forbids folder cycles and a folder on no floor', () => {
    const names = configuration.forbidden.map(({ name }) => name)
    expect(names).toEqual(expect.arrayContaining([side.cycleRule, ...side.noFloorRules]))
  })

  it("are ARCHITECTURE.md's floor table, floor by floor", () => {
    const numbered = documentFloors.filter(({ floor }) => /^\d/.test(floor))
    expect(numbered.map(({ floor }) => Number.parseInt(floor, 10))).toEqual(
      configFloors.map((_, index) => index + 1),
    )
    expect(numbered.map(({ folders }) => folders)).toEqual(
      configFloors.map(({ folders }) => folders),
    )
    if (side.top === null) {
      expect(documentFloors).toEqual(numbered)
    } else {
      expect(documentFloors.at(-1)?.floor).toBe(side.top.row)
      expect(configuration.forbidden.map(({ name }) => name)).toContain(side.top.rule)
    }
  })
})
