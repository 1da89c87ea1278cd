import { Agent, request } from 'node:http'
import { quantile } from './table.js'

export interface TimedOptions {
  url: string
  headers: Record<string, string>
  /** The path of the next request. */
  next: () => string
  connections: number
  seconds: number
  /** The status every answer should have (default 200); any other counts as an error. */
  status?: number
  /** Runs before each request, untimed (a change the request should see). */
  before?: () => Promise<void>
}

export interface TimedResult {
  /** Milliseconds from sending the request to its last byte, exact to the microsecond. */
  p50: number
  p99: number
  count: number
  errors: number
}

/**
 * Requests one after another on each of `connections` keep-alive connections for `seconds`,
 * timing each to its last byte with performance.now (autocannon rounds to whole milliseconds,
 * too coarse for a fast route at one connection).
 */
export async function timedRequests(options: TimedOptions): Promise<TimedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections })
  const latencies: number[] = []
  let errors = 0
  const deadline = performance.now() + options.seconds * 1000
  const loop = async () => {
    while (performance.now() < deadline) {
      await options.before?.()
      const started = performance.now()
      const status = await get(agent, `${options.url}${options.next()}`, options.headers)
      latencies.push(performance.now() - started)
      if (status !== (options.status ?? 200)) errors++
    }
  }
  await Promise.all(Array.from({ length: options.connections }, loop))
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    count: latencies.length,
    errors,
  }
}

function get(agent: Agent, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}
