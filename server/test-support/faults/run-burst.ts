import { postJson } from './http-client.js'

export interface BurstResult {
  /** The receipt references of the submissions answered 201. */
  accepted: string[]
  /** Any other status answered. */
  unexpected: number[]
  /** Clients that ended on a failed connection (the server went away). */
  connectionErrors: number
}

/**
 * `clients` loops, each POSTing one body after another to `url` until its connection fails or
 * stop() is called (at most 1000 each). `result` fills as answers come.
 */
export function runBurst(
  url: string,
  body: () => unknown,
  clients = 8,
): { result: BurstResult; stop(): Promise<BurstResult> } {
  const result: BurstResult = { accepted: [], unexpected: [], connectionErrors: 0 }
  let stopped = false
  const client = async () => {
    for (let n = 0; n < 1000 && !stopped; n++) {
      try {
        const answer = await postJson(url, body())
        if (answer.status === 201 && answer.body.reference)
          result.accepted.push(answer.body.reference)
        else result.unexpected.push(answer.status)
      } catch {
        result.connectionErrors += 1
        return
      }
    }
  }
  const running = Promise.all(Array.from({ length: clients }, client))
  return {
    result,
    stop: async () => {
      stopped = true
      await running
      return result
    },
  }
}
