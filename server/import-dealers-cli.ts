/**
 * `npm run import:dealers -- dealer-master.csv`: loads the dealer master file into the directory
 * (server/dealer-directory/run-import.ts), on the app's repositories.
 */
import { createRepositories } from './app-context.js'
import { runImport } from './dealer-directory/run-import.js'

runImport(process.argv.slice(2), process.env, (db) => createRepositories(db)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(
      `Import failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exitCode = 1
  },
)
