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
      log: pino({ level: 'silent' }),
      onRun: (run) => runs.push(run),
    })
    scheduler.start()
    await waitFor(() => (runs.length >= 3 ? true : undefined))
    await scheduler.stop()
    expect(runs.sort((a, b) => a.job.localeCompare(b.job))).toEqual([
      { job: 'throws', outcome: 'failure', done: 0 },
      { job: 'unclaimable', outcome: 'failure', done: 0 },
      { job: 'works', outcome: 'success', done: 3 },
    ])
  })
})
