/** A step of `npm run build`: writes dist/server, the bundled server (server-bundle.ts). */

import { BUNDLE_DIR, bundleServer } from './server-bundle.js'

const started = performance.now()
const metafile = await bundleServer()
const files = Object.keys(metafile.outputs).filter((file) => file.endsWith('.js')).length
const seconds = ((performance.now() - started) / 1000).toFixed(1)
process.stdout.write(
  `server bundle: ${Object.keys(metafile.inputs).length} modules in ${files} files, in ${BUNDLE_DIR} (${seconds} s)\n`,
)
