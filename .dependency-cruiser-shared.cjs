/**
 * shared/'s floors, checked by `npm run lint` over the product's code (the tests and test support
 * left out, as on the server: a test may take what it checks from anywhere). Every folder of
 * shared/ is on one floor of FLOORS and imports only from its own floor and those below; no two
 * folders import each other, however far round. A folder on no floor, or a file directly in
 * shared/, fails (`floor-none-*`), so a new folder is placed on purpose.
 * ARCHITECTURE.md#import-direction shows the same floors, and server/architecture-floors.test.ts
 * fails when the two disagree.
 */
const base = require('./.dependency-cruiser.cjs')

const { options } = base
const TEST_CODE = base.forbidden.find((rule) => rule.name === 'product-not-to-tests').to.path

/** From the ground up. The folders of a floor import each other (no cycles) and those below. */
const FLOORS = [
  {
    name: 'the words',
    why: 'the statuses, types, choices and kinds every other folder names, defined once; they name nothing',
    folders: ['domain'],
  },
  {
    name: 'the ground',
    why: 'the configuration, the brands, the regions, the staff roles and the problem document, which name no enrollment',
    folders: ['config', 'brand', 'region', 'auth', 'http'],
  },
  {
    name: 'the formats',
    why: 'how a value is shown, from the words below; a noun passes it what it shows',
    folders: ['format'],
  },
  { name: 'the invoice', folders: ['invoice'] },
  { name: 'the enrollment', folders: ['enrollment'] },
  {
    name: "the office's views",
    folders: ['office', 'dashboard', 'audit', 're-enrollment', 'reminders', 'rollover', 'shipping'],
  },
]

const ON_A_FLOOR = FLOORS.flatMap((floor) => floor.folders)
const folders = (names) => `^shared/(${names.join('|')})/`

/** Floor `index`'s folders import only shared folders of that floor and the ones below. */
const floorRule = (floor, index) => {
  const allowed = FLOORS.slice(0, index + 1).flatMap((each) => each.folders)
  const below = FLOORS.slice(0, index).map((each) => each.name)
  return {
    name: `shared-floor-${index + 1}`,
    severity: 'error',
    comment: `shared/'s floor ${index + 1}, ${floor.name} (${floor.folders.join(', ')}), imports only from its own floor${below.length ? ` and those below (${below.join(', ')})` : ''}${floor.why ? `: ${floor.why}` : ''}. Move what both sides need down (the words to shared/domain/). ARCHITECTURE.md#import-direction.`,
    from: { path: folders(floor.folders) },
    to: { path: '^shared/', pathNot: folders(allowed) },
  }
}

const NO_FLOOR =
  'A shared folder on no floor (or a file directly in shared/): add the folder to FLOORS in .dependency-cruiser-shared.cjs and to the shared floor table of ARCHITECTURE.md#import-direction.'

module.exports = {
  options: { ...options, exclude: { path: TEST_CODE } },
  forbidden: [
    {
      name: 'shared-no-folder-cycle',
      severity: 'error',
      scope: 'folder',
      comment:
        'Shared folders import each other: move what both need to the lower floor (the words to shared/domain/), or a function only one of them uses into it.',
      from: { path: '^shared/' },
      to: { path: '^shared/', circular: true },
    },
    ...FLOORS.map(floorRule),
    {
      name: 'shared-floor-none-imports',
      severity: 'error',
      comment: NO_FLOOR,
      from: { path: '^shared/', pathNot: folders(ON_A_FLOOR) },
      to: {},
    },
    {
      name: 'shared-floor-none-imported',
      severity: 'error',
      comment: NO_FLOOR,
      from: {},
      to: { path: '^shared/', pathNot: folders(ON_A_FLOOR) },
    },
    {
      name: 'shared-floor-none-alone',
      severity: 'error',
      comment: NO_FLOOR,
      from: { orphan: true, path: '^shared/', pathNot: folders(ON_A_FLOOR) },
      to: {},
    },
  ],
}
