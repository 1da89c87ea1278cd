import { dealerEnrollment } from '../../../server/test-support/enrollment-fixtures.js'
import { load } from '../load.js'
import type { ServerProcess } from '../server-process.js'
import { type BenchRow, ms, perSecond, progress, times } from '../table.js'

export interface SubmissionOptions {
  connections: number
  duration: number
  /** The server's ENROLLMENT_YEAR. */
  year: number
  token: string
}

/** Dealer form submissions, each with a BAC of its own, against /healthz at the same load. */
export async function benchSubmissions(
  server: ServerProcess,
  options: SubmissionOptions,
): Promise<{ row: BenchRow; acceptedPerSecond: number }> {
  progress(`/healthz: ${options.connections} connections, 5 s`)
  const health = await load({
    url: `${server.url}/healthz`,
    connections: options.connections,
    duration: 5,
  })
  let count = 0
  progress(`dealer submissions: ${options.connections} connections, ${options.duration} s`)
  const result = await load({
    url: server.url,
    connections: options.connections,
    duration: options.duration,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    next: () => ({
      path: '/api/enrollments',
      body: JSON.stringify(submission(++count, options.year)),
    }),
  })
  const stored = await storedCount(server.url, options.year, options.token)
  const accepted = result.statusCodes['201'] ?? 0
  const problems =
    result.errors === 0
      ? '0 errors'
      : `${result.errors} ERRORS ${JSON.stringify(result.statusCodes)}`
  return {
    acceptedPerSecond: accepted / result.seconds,
    row: {
      path: 'Dealer submissions, a new BAC each',
      load: `${options.connections} conn, ${options.duration} s`,
      result:
        `${perSecond(accepted / result.seconds)} accepted, p99 ${ms(result.p99)}, ${problems}; ` +
        `${stored.toLocaleString('en-US')} stored`,
      baseline: `/healthz ${perSecond(health.requestsPerSecond)}, p99 ${ms(health.p99)}`,
      ratio: `${times(accepted / result.seconds / health.requestsPerSecond)} req/s, ${times(result.p99 / health.p99)} p99`,
    },
  }
}

/** A valid Dealer Enrollment Form submission with the n-th benchmark BAC. */
function submission(n: number, year: number) {
  return dealerEnrollment(
    {
      bac: `S${String(n).padStart(8, '0')}`,
      name: `Benchmark Motors ${n}`,
      authEmailAddress: `pat.${n}@benchmark.example.com`,
    },
    { brand: n % 2 === 0 ? 'chevy' : 'gm', year },
  )
}

async function storedCount(url: string, year: number, token: string): Promise<number> {
  const response = await fetch(`${url}/api/enrollments?year=${year}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  if (!response.ok) throw new Error(`The admin list answered ${response.status}`)
  return ((await response.json()) as unknown[]).length
}
