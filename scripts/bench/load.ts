import autocannon from 'autocannon'

export interface LoadOptions {
  url: string
  connections: number
  /** Seconds. */
  duration: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  /** Called for every request: the path and body to send. */
  next?: () => { path: string; body?: string }
}

export interface LoadResult {
  requestsPerSecond: number
  /** Latency percentiles in milliseconds. */
  p50: number
  p99: number
  ok: number
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number
  statusCodes: Record<string, number>
  seconds: number
}

/** Loads the server with autocannon for a fixed time and sums up what it saw. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const { next } = options
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    timeout: 30,
    ...(next
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                const { path, body } = next()
                return body === undefined ? { ...request, path } : { ...request, path, body }
              },
            },
          ],
        }
      : {}),
  })
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
  )
  const ok = result['2xx']
  return {
    requestsPerSecond: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    errors: result.errors + result.timeouts + result.non2xx,
    statusCodes,
    seconds: result.duration,
  }
}
