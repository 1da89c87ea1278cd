/** `npm run import:dealers -- dealer-master.csv`: loads the dealer master file into the directory. */
import { runImport } from './run-import.js'

runImport(process.argv.slice(2), process.env).then(
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
