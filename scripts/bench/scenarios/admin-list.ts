import { request } from 'node:http'
import type { MainData } from '../data/seed-main.js'
import type { ServerProcess } from '../server-process.js'
import { type BenchRow, kb, ms, progress, times } from '../table.js'
import { timedRequests } from '../timed-requests.js'
import { apiChanger, sqlChanger } from './list-changer.js'

export interface AdminListOptions {
  connections: number
  duration: number
  year: number
  token: string
  /** The server's ENROLLMENT_YEAR: on PGlite, the year whose changes are measured. */
  currentYear: number
  /** The server's PostgreSQL database, for the rows after each change; none on PGlite. */
  databaseUrl?: string | undefined
}

/** The admin list of a whole year, with a search term and without: server time and size. */
export async function benchAdminList(
  server: ServerProcess,
  data: MainData,
  options: AdminListOptions,
): Promise<BenchRow[]> {
  const headers = { authorization: `Bearer ${options.token}`, 'accept-encoding': 'gzip' }
  const listPath = `/api/enrollments?year=${options.year}`
  const terms = data.searchTerms
  let next = 0
  const searchPath = () =>
    `${listPath}&search=${encodeURIComponent(terms[next++ % terms.length] ?? '')}`
  const run = (
    path: () => string,
    seconds = options.duration,
    extra = {},
    status = 200,
    before?: () => Promise<void>,
  ) =>
    timedRequests({
      url: server.url,
      headers: { ...headers, ...extra },
      next: path,
      connections: options.connections,
      seconds,
      status,
      ...(before ? { before } : {}),
    })
  const loadText = `${options.connections} conn, ${options.duration} s`

  progress('admin list: warming up')
  await run(() => listPath, 2)
  // The same call for a year without enrollments: sign-in check, query, no rows.
  progress(`admin list of an empty year (the baseline): ${loadText}`)
  const empty = await run(() => `/api/enrollments?year=${options.year - 50}`)
  progress(`admin list without search: ${loadText}`)
  const all = await run(() => listPath)
  // Each request after a change to one enrollment (untimed). On PostgreSQL the change is a new
  // row version in the listed year, made through a connection of the benchmark's own: the whole
  // list is written and compressed again, as the first time after any change, and the changes
  // call answers the one row. On PGlite the database belongs to the server's process, so the
  // change is Save Changes through the API, which only the current enrollment year allows (the
  // listed year is the one before): the changes call of the current year is measured, and the
  // whole list after a change is not.
  const changer = options.databaseUrl
    ? await sqlChanger(options.databaseUrl, options.year)
    : await apiChanger(server.url, options.currentYear, options.token)
  let cursor = ''
  const changesPath = () =>
    `/api/enrollments/changes?year=${changer.year}&since=${encodeURIComponent(cursor)}`
  const afterChange = (withCursor: boolean) => async () => {
    if (withCursor) cursor = await changer.cursor()
    await changer.change()
  }
  let changed: Awaited<ReturnType<typeof run>> | null = null
  let changes: Awaited<ReturnType<typeof run>>
  let changesSize: Size
  try {
    if (options.databaseUrl) {
      progress(`admin list, each request after a change: ${loadText}`)
      changed = await run(() => listPath, options.duration, {}, 200, afterChange(false))
    }
    // The changes since a cursor read just before the change: what the browser asks for after
    // an action (a delta of one row, whatever the year's size).
    progress(`admin list's changes, each request after a change: ${loadText}`)
    changes = await run(changesPath, options.duration, {}, 200, afterChange(true))
    await afterChange(true)()
    changesSize = await measureChangesSize(server.url, changesPath(), options.token)
  } finally {
    await changer.close()
  }
  progress(`admin list with search: ${loadText}`)
  const search = await run(searchPath)
  // The same year asked for again with the tag of its last answer: nothing changed, so 304.
  const etag = await fetchEtag(server.url, listPath, options.token)
  progress(`admin list unchanged, If-None-Match: ${loadText}`)
  const unchanged = await run(() => listPath, options.duration, { 'if-none-match': etag }, 304)

  const full = await measureSize(server.url, listPath, options.token)
  const sizes = []
  for (const term of terms.slice(0, 20)) {
    sizes.push(
      await measureSize(
        server.url,
        `${listPath}&search=${encodeURIComponent(term)}`,
        options.token,
      ),
    )
  }
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length
  const baseline = `empty year: p50 ${ms(empty.p50)}, p99 ${ms(empty.p99)}`
  const ratio = (p50: number, p99: number) =>
    `${times(p50 / empty.p50)} p50, ${times(p99 / empty.p99)} p99`
  const errors = (count: number) => (count === 0 ? '' : `, ${count} ERRORS`)
  return [
    {
      path: `Admin list, year of ${data.enrollments.toLocaleString('en-US')}, no search, nothing changed in between`,
      load: loadText,
      result:
        `p50 ${ms(all.p50)}, p99 ${ms(all.p99)} (n=${all.count}); ${full.rows.toLocaleString('en-US')} rows, ` +
        `${kb(full.gzip)} gzip (${kb(full.raw)} JSON)${errors(all.errors)}`,
      baseline,
      ratio: ratio(all.p50, all.p99),
    },
    changed
      ? {
          path: 'Admin list, same year, each request after a change to it',
          load: loadText,
          result: `p50 ${ms(changed.p50)}, p99 ${ms(changed.p99)} (n=${changed.count})${errors(changed.errors)}`,
          baseline,
          ratio: ratio(changed.p50, changed.p99),
        }
      : {
          path: 'Admin list, same year, each request after a change to it',
          load: '-',
          result:
            'PostgreSQL only (--db postgres): on PGlite only the API can change a row, and only in the current year',
          baseline,
          ratio: 'n/a',
        },
    {
      path: `Admin list’s changes (GET /api/enrollments/changes), ${changer.yearText}, each request after a change to it`,
      load: loadText,
      result:
        `p50 ${ms(changes.p50)}, p99 ${ms(changes.p99)} (n=${changes.count}); ${changesSize.rows} row changed, ` +
        `${kb(changesSize.gzip)} gzip (${kb(changesSize.raw)} JSON)${errors(changes.errors)}`,
      baseline,
      ratio: ratio(changes.p50, changes.p99),
    },
    {
      path: 'Admin list, same year again, unchanged (If-None-Match)',
      load: loadText,
      result: `p50 ${ms(unchanged.p50)}, p99 ${ms(unchanged.p99)} (n=${unchanged.count}); 304, no body${errors(unchanged.errors)}`,
      baseline,
      ratio: ratio(unchanged.p50, unchanged.p99),
    },
    {
      path: `Admin list, same year, search (${terms.length} terms: BAC, zip, name, email, LMA)`,
      load: loadText,
      result:
        `p50 ${ms(search.p50)}, p99 ${ms(search.p99)} (n=${search.count}); mean ${mean(sizes.map((s) => s.rows)).toFixed(0)} rows, ` +
        `${kb(mean(sizes.map((s) => s.gzip)))} gzip (${kb(mean(sizes.map((s) => s.raw)))} JSON)${errors(search.errors)}`,
      baseline,
      ratio: ratio(search.p50, search.p99),
    },
  ]
}

/** The ETag of the answer to `path`. */
async function fetchEtag(url: string, path: string, token: string): Promise<string> {
  const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } })
  await response.arrayBuffer()
  const etag = response.headers.get('etag')
  if (response.status !== 200 || !etag) throw new Error(`${path} answered no ETag`)
  return etag
}

interface Size {
  rows: number
  raw: number
  gzip: number
}

/** The body's size as sent with gzip, and as JSON; its row count. */
async function measureSize(url: string, path: string, token: string): Promise<Size> {
  const gzip = await fetchBytes(url, path, token, 'gzip')
  const raw = await fetchBytes(url, path, token, 'identity')
  const rows = (JSON.parse(raw.toString('utf8')) as unknown[]).length
  return { rows, raw: raw.length, gzip: gzip.length }
}

/** The changes' answer as sent with gzip, and as JSON; the rows it names changed. */
async function measureChangesSize(url: string, path: string, token: string): Promise<Size> {
  const gzip = await fetchBytes(url, path, token, 'gzip')
  const raw = await fetchBytes(url, path, token, 'identity')
  const answer = JSON.parse(raw.toString('utf8')) as { changed: unknown[]; full: boolean }
  if (answer.full) throw new Error(`${path} answered the whole list`)
  return { rows: answer.changed.length, raw: raw.length, gzip: gzip.length }
}

/** The body exactly as it came over the wire (fetch would decompress it). */
function fetchBytes(url: string, path: string, token: string, encoding: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(Buffer.concat(chunks))
            : reject(new Error(`${path} answered ${res.statusCode}`)),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}
