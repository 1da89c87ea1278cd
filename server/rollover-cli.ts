/** `npm run rollover -- --to YEAR` (server/rollover/run-rollover.ts), on the app's repositories. */
import { createRepositories } from './app-context.js'
import { ConfigError } from './config/config.js'
import { runRollover } from './rollover/run-rollover.js'

runRollover(process.argv.slice(2), process.env, (db) => createRepositories(db)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error)
    process.exit(1)
  },
)
