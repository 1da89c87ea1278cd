import type { Config } from './config/config.js'
import type { DatabaseHandle } from './db/database.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: DatabaseHandle
  }
}
