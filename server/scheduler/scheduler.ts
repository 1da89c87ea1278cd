import type { FastifyBaseLogger } from 'fastify'

/** A job the server runs on a schedule (server/periodic-jobs.ts lists them). */
export interface PeriodicJob {
  /** Its row in `scheduled_jobs`: the name every instance claims it by. */
  name: string
  /** How often it runs, across all instances. */
  everyMs: number
  /**
   * Does the work while `keepGoing()` says so; answers how many things it did, or that and how
   * soon to run again when it left work it could not do then (a row another transaction held).
   */
  run(keepGoing: () => boolean): Promise<number | JobRun>
  /** What the log says after a run that did something ('authorization reminders sent'). */
  logAs: string
}

/** A run that left work undone: it is due again `againInMs` from now, if sooner than `everyMs`. */
export interface JobRun {
  done: number
  againInMs: number
}

export interface SchedulerOptions {
  jobs: readonly PeriodicJob[]
  /**
   * Answers true to one instance only when `job` is due, and moves its due time on by `everyMs`
   * (server/scheduler/scheduled-job-repository.ts).
   */
  claim(job: PeriodicJob): Promise<boolean>
  /** Makes the job due `ms` from now, unless it is due sooner (a run that asked to run again). */
  dueAgainIn(job: PeriodicJob, ms: number): Promise<void>
  log: FastifyBaseLogger
  /** How long after start each job's first look is (default 0: at once), at most its interval. */
  firstRunMs?: number
  /**
   * Told how each look that claimed or failed to claim a job ended (the metrics count them): a
   * run that threw, or a claim that could not be made, is a failure.
   */
  onRun?: (run: { job: string; outcome: 'success' | 'failure'; done: number }) => void
}

/**
 * The one scheduler of every periodic job: each instance looks for each job at start (or shortly
 * after) and then every `everyMs`, one run of a job at a time; a look runs the job only if this
 * instance claimed it, so a job runs once per interval whatever the number of instances.
 */
export class Scheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>()
  private readonly running = new Set<Promise<void>>()
  private readonly looks = new Map<string, number>()
  private started = false
  private stopped = false

  constructor(private readonly options: SchedulerOptions) {}

  start(): void {
    this.started = true
    for (const job of this.options.jobs) {
      this.schedule(job, Math.min(this.options.firstRunMs ?? 0, job.everyMs))
    }
  }

  /** Lets the runs under way finish (their transactions commit or roll back), then stops. */
  async stop(): Promise<void> {
    this.stopped = true
    for (const timer of this.timers.values()) clearTimeout(timer)
    this.timers.clear()
    await Promise.all(this.running)
  }

  /**
   * How many looks at the job this instance's own timers have finished, whether they ran it or
   * not: a test waits for the first look to have passed instead of for a time.
   */
  looksAt(name: string): number {
    return this.looks.get(name) ?? 0
  }

  /** Claims and runs each due job now (tests, and two instances at once); answers those run. */
  async runDue(): Promise<string[]> {
    const ran: string[] = []
    for (const job of this.options.jobs) {
      const look = await this.runIfClaimed(job)
      if (look.ran) ran.push(job.name)
      // A run that asked to run again soon: this instance's next look is then, if it looks.
      if (look.againInMs !== undefined && this.started && !this.stopped) {
        this.schedule(job, look.againInMs)
      }
    }
    return ran
  }

  private schedule(job: PeriodicJob, ms: number): void {
    clearTimeout(this.timers.get(job.name))
    const timer = setTimeout(() => this.tick(job), ms)
    timer.unref()
    this.timers.set(job.name, timer)
  }

  private tick(job: PeriodicJob): void {
    let next = job.everyMs
    const run = this.runIfClaimed(job)
      .then(
        (look) => {
          next = look.againInMs ?? job.everyMs
        },
        (error: unknown) => this.options.log.warn({ err: error }, `${job.name}: the run failed`),
      )
      .finally(() => {
        this.running.delete(run)
        this.looks.set(job.name, this.looksAt(job.name) + 1)
        if (!this.stopped) this.schedule(job, next)
      })
    this.running.add(run)
  }

  /**
   * Runs the job if this instance claims it; answers whether it ran, and how soon this instance
   * should look again when the run asked to run again sooner than the interval.
   */
  private async runIfClaimed(job: PeriodicJob): Promise<{ ran: boolean; againInMs?: number }> {
    let answer: number | JobRun
    try {
      if (!(await this.options.claim(job))) return { ran: false }
      answer = await job.run(() => !this.stopped)
    } catch (error) {
      this.options.onRun?.({ job: job.name, outcome: 'failure', done: 0 })
      throw error
    }
    const done = typeof answer === 'number' ? answer : answer.done
    this.options.onRun?.({ job: job.name, outcome: 'success', done })
    if (done > 0) this.options.log.info({ job: job.name, done }, job.logAs)
    if (typeof answer === 'number' || answer.againInMs >= job.everyMs) return { ran: true }
    return { ran: true, ...(await this.runAgainIn(job, Math.max(0, answer.againInMs))) }
  }

  /**
   * A run asked to run again sooner: the job is due then (for whichever instance looks first),
   * and this instance looks then. Should the due time not move, the job runs again on its
   * interval, as it would have.
   */
  private async runAgainIn(job: PeriodicJob, ms: number): Promise<{ againInMs?: number }> {
    try {
      await this.options.dueAgainIn(job, ms)
      return { againInMs: ms }
    } catch (error) {
      this.options.log.warn(
        { err: error, job: job.name },
        `${job.name}: could not make it due again sooner`,
      )
      return {}
    }
  }
}
