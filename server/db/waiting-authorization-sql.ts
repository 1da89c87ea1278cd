import { type RawBuilder, sql } from 'kysely'

/**
 * Whether the enrollment under `alias` is an LMA enrollment still Authorizing whose (latest)
 * authorization request went out more than `days` days before `now`: what the dashboard's
 * "Authorizations waiting" counts and the list's `waiting` filter keeps.
 */
export function waitingSinceSql(alias: string, days: number, now: Date): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${alias}.${name}`)
  return sql<boolean>`(${column('status')} = 'Authorizing' and ${column('type')} = 'Lma'
    and ${column('authorization_requested_at')} <= ${now}::timestamptz - ${`${days} days`}::interval)`
}
