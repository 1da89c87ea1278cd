/**
 * The last step of `npm run build`: writes dist/data-templates, the embedded databases a new
 * DATA_DIR starts from (server/db/data-dir-template.ts, docs/decisions.md).
 */

import { createRepositories } from '../../server/app-context.js'
import { appPath, BUILT } from '../../server/config/app-root.js'
import { makeDataTemplates } from '../../server/demo-data/make-data-templates.js'

const started = performance.now()
// dist/data-templates, beside dist/web and dist/server, where the server looks for it.
const root = appPath(BUILT.dataTemplates)
const manifest = await makeDataTemplates(root, (db) => createRepositories(db))
const seconds = ((performance.now() - started) / 1000).toFixed(1)
process.stdout.write(
  `data templates: ${manifest.migrations.length} migrations, demo data for ${manifest.demo.year}, in ${root} (${seconds} s)\n`,
)
