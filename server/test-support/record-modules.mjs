// Loaded with `node --import` by server/start-up.test.ts: appends the URL of every module the
// process loads through the ESM loader to the file named by RECORD_MODULES_FILE, so a test can
// see what start-up loaded.
import { register } from 'node:module'

register(
  `data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from 'node:fs'
const file = ${JSON.stringify(process.env.RECORD_MODULES_FILE ?? '')}
export async function load(url, context, next) {
  const result = await next(url, context)
  if (file) appendFileSync(file, url + '\\n')
  return result
}`)}`,
)
