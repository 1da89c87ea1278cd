/**
 * The last step of `npm run build`: writes dist/data-templates, the embedded databases a new
 * DATA_DIR starts from (server/db/data-dir-template.ts, docs/decisions.md).
 */

import { fileURLToPath } from 'node:url'
import { makeDataTemplates } from '../../server/demo-data/make-data-templates.js'

const started = performance.now()
// dist/data-templates, beside dist/web and dist/node, where the built server looks for it; seen
// from the build (dist/node/scripts/build) or from the sources (scripts/build).
const relative = import.meta.url.includes('/dist/node/')
  ? '../../../data-templates'
  : '../../dist/data-templates'
const root = fileURLToPath(new URL(relative, import.meta.url))
const manifest = await makeDataTemplates(root)
const seconds = ((performance.now() - started) / 1000).toFixed(1)
process.stdout.write(
  `data templates: ${manifest.migrations.length} migrations, demo data for ${manifest.demo.year}, in ${root} (${seconds} s)\n`,
)
