import type { Config } from '../config/config.js'

/**
 * Whether start-up should seed demo data: by default on an embedded database (no DATABASE_URL)
 * outside production, unless DEMO_DATA=false; on PostgreSQL or in production only when
 * DEMO_DATA=true. Seeding itself still only touches an untouched database (seedDemoData).
 */
export function isDemoDataWanted(
  config: Pick<Config, 'DATABASE_URL' | 'isProduction' | 'DEMO_DATA'>,
): boolean {
  const embedded = !config.DATABASE_URL
  if (embedded && !config.isProduction) return config.DEMO_DATA !== false
  return config.DEMO_DATA === true
}
