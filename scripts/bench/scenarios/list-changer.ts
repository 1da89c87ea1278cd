import pg from 'pg'
import { dealerEnrollment } from '../../../server/test-support/enrollment-fixtures.js'

/** Changes one enrollment, untimed, between requests; and reads the list's cursor. */
export interface Changer {
  /** The year of the enrollment it changes, and how the row names it. */
  year: number
  yearText: string
  /** The list's cursor now, as the server writes it. */
  cursor(): Promise<string>
  change(): Promise<void>
  close(): Promise<void>
}

/** PostgreSQL: a new version of one row of the year, through a connection of its own. */
export async function sqlChanger(databaseUrl: string, year: number): Promise<Changer> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  return {
    year,
    yearText: 'same year',
    cursor: async () => {
      const { rows } = await client.query<{ cursor: string }>(
        `select (extract(epoch from now()) * 1000)::bigint || '_' || pg_current_snapshot()::text as cursor`,
      )
      return rows[0]?.cursor ?? ''
    },
    // What any edit, approval or decline does to the list's tag.
    change: async () => {
      await client.query(
        `update enrollments set version = version
          where id = (select id from enrollments where year = $1 offset floor(random() * 100) limit 1)`,
        [year],
      )
    },
    close: () => client.end(),
  }
}

/**
 * PGlite: Save Changes of one dealer enrollment of the current year through the API (submitted
 * first through the public form), its contact's name changed back and forth; the cursor from
 * the changes call, as the browser keeps it.
 */
export async function apiChanger(url: string, year: number, token: string): Promise<Changer> {
  const call = async (path: string, init: RequestInit = {}, status = 200) => {
    const response = await fetch(`${url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    })
    if (response.status !== status) {
      throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
    }
    return response
  }
  const bac = 'C00000001'
  await call(
    '/api/enrollments',
    {
      method: 'POST',
      body: JSON.stringify(dealerEnrollment({ bac, name: 'Changes Motors' }, { year })),
    },
    201,
  )
  const found = await call(`/api/enrollments?year=${year}&search=${bac}`)
  let cursor = found.headers.get('list-cursor') ?? ''
  const guid = ((await found.json()) as Array<{ guid: string }>)[0]?.guid
  if (!cursor || !guid) throw new Error(`The list of ${year} answered no cursor or no ${bac}`)
  let flip = false
  return {
    year,
    yearText: 'current year (PGlite: see docs/performance.md)',
    cursor: async () => {
      const changes = await call(
        `/api/enrollments/changes?year=${year}&since=${encodeURIComponent(cursor)}`,
      )
      cursor = ((await changes.json()) as { cursor: string }).cursor
      return cursor
    },
    change: async () => {
      const stored = (await (await call(`/api/enrollments/${guid}`)).json()) as {
        regionId: number | null
        dealers: Array<{ authName: string }>
      }
      // Save Changes asks for a region, which the public form leaves to the program office.
      stored.regionId ??= 1
      flip = !flip
      for (const dealer of stored.dealers) {
        dealer.authName = flip ? `${dealer.authName} Jr` : dealer.authName.replace(/ Jr$/, '')
      }
      await call(`/api/enrollments/${guid}/update`, {
        method: 'POST',
        body: JSON.stringify(stored),
      })
    },
    close: async () => {},
  }
}
