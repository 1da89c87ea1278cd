import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { waitFor } from '../test-support/wait-for.js'
import { type PeriodicJob, Scheduler } from './scheduler.js'

type Run = { job: string; outcome: 'success' | 'failure'; done: number }

const job = (name: string, run: PeriodicJob['run']): PeriodicJob => ({
  name,
  everyMs: 60_000,
  run,
  logAs: `${name} done`,
})

describe("the scheduler's report of each run (the metrics count them)", () => {
  it('says each run succeeded with what it did, or failed: a run that threw or a claim that could not be made', async () => {
    const runs: Run[] = []
    const scheduler = new Scheduler({
      jobs: [
        job('works', async () => 3),
        job('throws', async () => {
          throw new Error('the database went away')
        }),
        job('unclaimable', async () => 1),
        job('not-due', async () => 1),
      ],
      claim: async ({ name }) => {
        if (name === 'unclaimable') throw new Error('no connection')
        return name !== 'not-due'
      },
      dueAgainIn: async () => {},
      log: pino({ level: 'silent' }),
      onRun: (run) => runs.push(run),
    })
    scheduler.start()
    // Every job looked at once, the one not due too (looked at, not reported).
    const names = ['works', 'throws', 'unclaimable', 'not-due']
    await waitFor(() => names.every((name) => scheduler.looksAt(name) === 1) || undefined)
    await scheduler.stop()
    expect(runs.sort((a, b) => a.job.localeCompare(b.job))).toEqual([
      { job: 'throws', outcome: 'failure', done: 0 },
      { job: 'unclaimable', outcome: 'failure', done: 0 },
      { job: 'works', outcome: 'success', done: 3 },
    ])
  })
})

describe('a run that left work undone', () => {
  it('makes its job due again as soon as it asks, and this instance looks then; the next runs keep the interval', async () => {
    const runs: number[] = []
    const asked: Array<[string, number]> = []
    let claims = 0
    const scheduler = new Scheduler({
      jobs: [
        job('retries', async () => {
          runs.push(Date.now())
          return runs.length === 1 ? { done: 2, againInMs: 100 } : 1
        }),
        job('too-late', async () => ({ done: 0, againInMs: 60_000 })),
      ],
      claim: async ({ name }) => {
        if (name === 'retries') claims++
        return true
      },
      dueAgainIn: async ({ name }, ms) => {
        asked.push([name, ms])
      },
      log: pino({ level: 'silent' }),
    })
    scheduler.start()
    await waitFor(() => (runs.length >= 2 ? true : undefined), 5000)
    await new Promise((resolve) => setTimeout(resolve, 300))
    await scheduler.stop()
    // Asked for 100 ms: due then, and looked at then; not again for the interval (60 s) after.
    expect(asked).toEqual([['retries', 100]])
    expect([runs.length, claims]).toEqual([2, 2])
    expect((runs[1] ?? 0) - (runs[0] ?? 0)).toBeGreaterThanOrEqual(90)
  })
})
