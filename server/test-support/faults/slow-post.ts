import { Agent, request } from 'node:http'

export interface SlowPost {
  /** Sends the rest of the body; resolves with the answer. */
  finish(): Promise<{ status: number; body: { reference?: string } }>
  /** Drops the kept-alive connection (the test is done with it). */
  close(): void
}

/**
 * A JSON POST whose body arrives in two parts: after the first it is in flight on the server
 * (headers read, body pending) for as long as the test wants. Its connection is kept alive, as
 * a browser's or a load balancer's would be.
 */
export function startSlowPost(url: string, body: unknown): SlowPost {
  const payload = Buffer.from(JSON.stringify(body))
  const half = Math.floor(payload.length / 2)
  const agent = new Agent({ keepAlive: true })
  const req = request(url, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': payload.length },
  })
  const answer = new Promise<{ status: number; body: { reference?: string } }>(
    (resolve, reject) => {
      req.once('error', reject)
      req.once('response', (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.once('error', reject)
        response.once('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : {} })
        })
      })
    },
  )
  answer.catch(() => {}) // reported by finish()
  req.write(payload.subarray(0, half))
  return {
    finish: () => {
      req.end(payload.subarray(half))
      return answer
    },
    close: () => agent.destroy(),
  }
}
