/**
 * The server's floors, checked by `npm run lint` over the product's code (tests left out: a test
 * builds the whole app, so it sits above every folder). From the ground up: config/; http/;
 * db/; the services (auth/, capability/, mail/, rate-limit/, metrics/, health/, public-config/,
 * dev-oidc/, web/, telemetry/); the noun folders (enrollment/, invoice/, office/, ...); and
 * server/*.ts (app.ts, main.ts), which put them together. A folder imports only from its floor and below, and no two
 * folders import each other, however far round. ARCHITECTURE.md#import-direction.
 */
const base = require('./.dependency-cruiser.cjs')

const { options } = base
const TEST_CODE = base.forbidden.find((rule) => rule.name === 'product-not-to-tests').to.path

const BELOW_SERVICES = ['config', 'http', 'db']
const SERVICES = [
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
]

/** A server folder's modules that import from another server module outside `allowed` folders. */
const onlyFrom = (folder, allowed, comment) => ({
  name: `floor-${folder}`,
  severity: 'error',
  comment,
  from: { path: `^server/${folder}/` },
  to: { path: '^server/', pathNot: `^server/(${[folder, ...allowed].join('|')})/` },
})

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
    onlyFrom(
      'config',
      [],
      'config/ is the ground floor: it reads the environment and imports no other server folder.',
    ),
    onlyFrom(
      'http',
      ['config'],
      'http/ (errors, the OpenAPI document, serializers) imports only config/.',
    ),
    onlyFrom(
      'db',
      ['config', 'http'],
      'db/ (connection, schema, migrations) imports only config/ and http/.',
    ),
    ...SERVICES.map((service) =>
      onlyFrom(
        service,
        [...BELOW_SERVICES, ...SERVICES],
        `${service}/ is a service the noun folders use: it imports only config/, http/, db/ and the other services, never a noun folder (hand it what it needs from app.ts, as the mail worker's attachment renderers are).`,
      ),
    ),
    {
      name: 'server-root-on-top',
      severity: 'error',
      comment: 'server/*.ts (app.ts, main.ts) put the folders together: no folder imports them.',
      from: { path: '^server/[^/]+/' },
      to: { path: '^server/[^/]+\\.tsx?$' },
    },
  ],
}
