import { ConfigError } from '../config/config.js'
import { runRollover } from './run-rollover.js'

runRollover(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error)
    process.exit(1)
  },
)
