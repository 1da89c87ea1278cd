/**
 * The import graph's rules, checked by `npm run lint` (ARCHITECTURE.md#import-direction).
 * Biome's noRestrictedImports (biome.json) keeps the rules read from an import's text: which
 * packages shared/ may use, web/ never naming server/, web/src/components/ never naming a
 * feature. dependency-cruiser resolves each import to its file and checks the whole graph: cycles,
 * the direction between the top folders, and the floors of the server (.dependency-cruiser-server.cjs)
 * and of shared/ (.dependency-cruiser-shared.cjs).
 */

/**
 * Tests and what only tests use (the floors and the folder cycles are about the rest): the test
 * files, the server's one test tree (server/test-support/: no product folder holds test support,
 * so none of it sits on a floor below what it imports), shared's and the web's test support, and
 * the browser tests.
 */
const TEST_CODE = [
  '\\.test\\.tsx?$',
  '^server/test-support/',
  '^(shared|web)/.*/test-support/',
  '^e2e/',
]

const options = {
  doNotFollow: { path: 'node_modules' },
  // Type-only imports count: a cycle or an upward arrow made of types is one all the same.
  tsPreCompilationDeps: true,
  // The web's `@shared/*` paths; the server's `.js` specifiers resolve to their `.ts` files.
  tsConfig: { fileName: 'tsconfig.web.json' },
  // Packages resolve through their `exports` (csv-parse/sync, vite), as Node and Vite do.
  enhancedResolveOptions: {
    exportsFields: ['exports'],
    conditionNames: ['import', 'require', 'node', 'default', 'types'],
  },
}

module.exports = {
  options,
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'Modules import each other: move what both need into a third module below them (one definition of each rule).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'resolved',
      severity: 'error',
      comment: 'An import that resolves to no file escapes every other rule here.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'server-not-to-web-or-scripts',
      severity: 'error',
      comment:
        'The house runs scripts → server → shared ← web: server/ never imports web/, scripts/ or e2e/; what both sides need lives in shared/.',
      from: { path: '^server/' },
      to: { path: '^(web|scripts|e2e)/' },
    },
    {
      name: 'shared-only-shared',
      severity: 'error',
      comment:
        'shared/ runs in the browser and on the server: it imports only shared/ (biome.json names the packages it may use).',
      from: { path: '^shared/' },
      to: { path: '^(server|web|scripts|e2e)/' },
    },
    {
      name: 'product-not-to-tests',
      severity: 'error',
      comment:
        'The product never imports a test or what only tests use (server/test-support/, the test-support/ of shared/ and web/); the benchmarks in scripts/ may.',
      from: { path: '^(server|shared|web)/', pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
  ],
}
