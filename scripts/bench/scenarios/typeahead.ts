import type { MainData } from '../data/seed-main.js'
import { type LoadResult, load } from '../load.js'
import { mainThreadCpuMs, type ServerProcess } from '../server-process.js'
import { type BenchRow, ms, perSecond, progress, times } from '../table.js'

export interface TypeaheadOptions {
  connections: number
  duration: number
}

/** The BAC type-ahead under load, against /healthz (a bare route) in the same server. */
export async function benchTypeahead(
  server: ServerProcess,
  data: MainData,
  options: TypeaheadOptions,
): Promise<BenchRow[]> {
  const prefixes = data.bacPrefixes
  let next = 0
  const typeahead = () =>
    load({
      url: server.url,
      connections: options.connections,
      duration: options.duration,
      next: () => ({
        path: `/api/enrollments/autocomplete/bac?value=${prefixes[next++ % prefixes.length]}`,
      }),
    })
  // The first look-up after start loads the directory into memory (bac-suggestions.ts).
  const lookupUrl = `${server.url}/api/enrollments/autocomplete/bac?value=${prefixes[0]}`
  const rssBefore = server.memory().rssMb
  const firstMs = await timedGet(lookupUrl)
  const rssGrowth = server.memory().rssMb - rssBefore
  const secondMs = await timedGet(lookupUrl)
  progress('type-ahead: warming up')
  await load({ url: `${server.url}/healthz`, connections: options.connections, duration: 2 })
  await typeahead()
  progress(`/healthz: ${options.connections} connections, ${options.duration} s`)
  const health = await threadTimed(server, () =>
    load({
      url: `${server.url}/healthz`,
      connections: options.connections,
      duration: options.duration,
    }),
  )
  progress(`BAC type-ahead: ${options.connections} connections, ${options.duration} s`)
  const result = await threadTimed(server, typeahead)
  const loadText = `${options.connections} conn, ${options.duration} s`
  return [
    {
      path: `BAC type-ahead, first look-up after start (loads the ${data.dealers.toLocaleString('en-US')} dealers)`,
      load: '1 request',
      result: `${ms(firstMs)}, server RSS +${Math.round(rssGrowth)} MB`,
      baseline: `the same look-up again: ${ms(secondMs)}`,
      ratio: times(firstMs / secondMs),
    },
    {
      path: '`/healthz` (bare route, the baseline)',
      load: loadText,
      result: `${summary(health)}; ${threadPerRequest(health)}`,
      baseline: '-',
      ratio: '1×',
    },
    {
      path: `BAC type-ahead, ${data.dealers.toLocaleString('en-US')} dealers, 3-6 char prefixes`,
      load: loadText,
      result: `${summary(result)}; ${threadPerRequest(result)}`,
      baseline: `/healthz ${perSecond(health.requestsPerSecond)}, p99 ${ms(health.p99)}`,
      ratio: `${times(result.requestsPerSecond / health.requestsPerSecond)} req/s, ${times(result.p99 / health.p99)} p99, ${times(result.threadMs / result.ok / (health.threadMs / health.ok))} thread time a request`,
    },
  ]
}

/**
 * A load and how long the server's main thread ran on a CPU meanwhile: per request, that is
 * what other processes on a shared machine move much less than requests a second.
 */
async function threadTimed(
  server: ServerProcess,
  run: () => Promise<LoadResult>,
): Promise<LoadResult & { threadMs: number }> {
  const before = mainThreadCpuMs(server.pid)
  const result = await run()
  return { ...result, threadMs: mainThreadCpuMs(server.pid) - before }
}

function threadPerRequest(result: LoadResult & { threadMs: number }): string {
  return `server thread ${((1000 * result.threadMs) / Math.max(result.ok, 1)).toFixed(0)} µs a request`
}

async function timedGet(url: string): Promise<number> {
  const started = performance.now()
  const response = await fetch(url)
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return performance.now() - started
}

export function summary(result: LoadResult): string {
  const errors =
    result.errors === 0 ? '' : `, ${result.errors} errors ${JSON.stringify(result.statusCodes)}`
  return `${perSecond(result.requestsPerSecond)}, p99 ${ms(result.p99)}${errors}`
}
