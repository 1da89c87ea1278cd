import type { FastifyBaseLogger } from 'fastify'

export interface ReminderSchedulerOptions {
  /** Sends what is due while `keepGoing()` says so; answers how many. */
  run(keepGoing: () => boolean): Promise<number>
  log: FastifyBaseLogger
  /** How often to look for due reminders. */
  intervalMs: number
  /** How long after start the first look is (default 0: at once). */
  firstRunMs?: number
}

/** Looks for due reminders at start (or shortly after) and then on an interval, one run at a time. */
export class ReminderScheduler {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private stopped = true

  constructor(private readonly options: ReminderSchedulerOptions) {}

  start(): void {
    this.stopped = false
    this.schedule(this.options.firstRunMs ?? 0)
  }

  /** Lets a run under way finish (its reminder's transaction commits or rolls back), then stops. */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.running
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.tick(), ms)
    this.timer.unref()
  }

  private tick(): void {
    const { log } = this.options
    this.running = this.options
      .run(() => !this.stopped)
      .then(
        (sent) => {
          if (sent > 0) log.info({ sent }, 'authorization reminders sent')
        },
        (error: unknown) => log.warn({ err: error }, 'authorization reminders: the run failed'),
      )
      .finally(() => {
        this.running = undefined
        if (!this.stopped) this.schedule(this.options.intervalMs)
      })
  }
}
