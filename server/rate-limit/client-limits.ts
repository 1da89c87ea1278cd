import type { Config } from '../config/config.js'

/**
 * The per-client limits of the public routes, each one count per client a minute however many
 * routes share it (docs/security.md): `submissions`, what may write or mail (a submission, an
 * authorization, a saved form, "Lost the mail?"), RATE_LIMIT_SUBMISSIONS; `lookups`, what only
 * reads (the type-aheads, the status page and its invoice, opening a saved form),
 * RATE_LIMIT_LOOKUPS. A route opts in with `config: clientLimits(config).submissions`.
 */
export function clientLimits(
  config: Pick<Config, 'RATE_LIMIT_SUBMISSIONS' | 'RATE_LIMIT_LOOKUPS'>,
) {
  return {
    submissions: {
      rateLimit: {
        max: config.RATE_LIMIT_SUBMISSIONS,
        timeWindow: '1 minute',
        groupId: 'submissions',
      },
    },
    lookups: {
      rateLimit: { max: config.RATE_LIMIT_LOOKUPS, timeWindow: '1 minute', groupId: 'lookups' },
    },
  }
}
