/**
 * The server's floors, checked by `npm run lint` over the product's code (tests left out: a test
 * builds the whole app, so it sits above every folder). Every folder of server/ is on one floor
 * of FLOORS and imports only from its own floor and those below; no two folders import each
 * other, however far round; server/*.ts (app.ts, main.ts) sit on top and put them together. A
 * folder on no floor fails (`floor-none-*`), so a new folder is placed on purpose.
 * ARCHITECTURE.md#import-direction shows the same floors, and
 * server/architecture-floors.test.ts fails when the two disagree.
 */
const base = require('./.dependency-cruiser.cjs')

const { options } = base
const TEST_CODE = base.forbidden.find((rule) => rule.name === 'product-not-to-tests').to.path

/** From the ground up. The folders of a floor import each other (no cycles) and those below. */
const FLOORS = [
  { name: 'the configuration', folders: ['config'] },
  { name: 'HTTP', folders: ['http'] },
  { name: 'the database', folders: ['db'] },
  {
    name: 'the services',
    why: 'a service never imports a noun folder: hand it what it needs from app.ts, as the mail worker gets its attachment renderers and the scheduler its job list',
    folders: [
      'auth',
      'capability',
      'mail',
      'rate-limit',
      'metrics',
      'health',
      'public-config',
      'dev-oidc',
      'web',
      'telemetry',
      'scheduler',
    ],
  },
  {
    name: 'the nouns',
    folders: [
      'region',
      'dealer-directory',
      'invoice',
      'enrollment',
      'enrollment-list',
      'type-ahead',
      'draft',
      'status-link',
      'office',
      'dashboard',
      'reminders',
      're-enrollment',
      'report',
      'rollover',
      'audit',
      'retention',
      'shipping',
      'demo-data',
    ],
  },
]

const ON_A_FLOOR = FLOORS.flatMap((floor) => floor.folders)
const folders = (names) => `^server/(${names.join('|')})/`

/** Floor `index`'s folders import only server folders of that floor and the ones below. */
const floorRule = (floor, index) => {
  const allowed = FLOORS.slice(0, index + 1).flatMap((each) => each.folders)
  const below = FLOORS.slice(0, index).map((each) => each.name)
  return {
    name: `floor-${index + 1}`,
    severity: 'error',
    comment: `Floor ${index + 1}, ${floor.name} (${floor.folders.join(', ')}), imports only from its own floor${below.length ? ` and those below (${below.join(', ')})` : ''}${floor.why ? `: ${floor.why}` : ''}. Move what both sides need down (or to shared/ when it is a domain rule). ARCHITECTURE.md#import-direction.`,
    from: { path: folders(floor.folders) },
    to: { path: '^server/', pathNot: folders(allowed) },
  }
}

const NO_FLOOR =
  'A server folder on no floor: add it to FLOORS in .dependency-cruiser-server.cjs and to the floor table of ARCHITECTURE.md#import-direction.'

module.exports = {
  options: { ...options, exclude: { path: TEST_CODE } },
  forbidden: [
    {
      name: 'no-folder-cycle',
      severity: 'error',
      scope: 'folder',
      comment:
        'Server folders import each other: move what both need to the lower floor (or to shared/ when it is a domain rule), or a function only one of them uses into it.',
      from: { path: '^server/' },
      to: { path: '^server/', circular: true },
    },
    ...FLOORS.map(floorRule),
    {
      name: 'floor-none-imports',
      severity: 'error',
      comment: NO_FLOOR,
      from: { path: '^server/[^/]+/', pathNot: folders(ON_A_FLOOR) },
      to: {},
    },
    {
      name: 'floor-none-imported',
      severity: 'error',
      comment: NO_FLOOR,
      from: {},
      to: { path: '^server/[^/]+/', pathNot: folders(ON_A_FLOOR) },
    },
    {
      name: 'floor-none-alone',
      severity: 'error',
      comment: NO_FLOOR,
      from: { orphan: true, path: '^server/[^/]+/', pathNot: folders(ON_A_FLOOR) },
      to: {},
    },
    {
      name: 'server-root-on-top',
      severity: 'error',
      comment: 'server/*.ts (app.ts, main.ts) put the folders together: no folder imports them.',
      from: { path: '^server/[^/]+/' },
      to: { path: '^server/[^/]+\\.tsx?$' },
    },
  ],
}
