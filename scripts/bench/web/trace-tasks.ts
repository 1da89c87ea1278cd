interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: { name?: string }
}

/** A stretch of the interaction, in ms after the bench:start mark (to bench:end when open). */
export interface TraceWindow {
  fromMs: number
  toMs?: number
}

/** Categories for browser.startTracing: tasks, and the page's performance.mark calls. */
export const TRACE_CATEGORIES = [
  'disabled-by-default-devtools.timeline',
  'devtools.timeline',
  'blink.user_timing',
]

export interface MainThreadFigures {
  /** Busy time of the main thread in each window, in ms. */
  busyMs: number[]
  /** The longest of its tasks between the marks. */
  longestTaskMs: number
}

/**
 * Busy time of the page's main thread (the top-level tasks of CrRendererMain) in each window of
 * a Chromium trace that has the marks bench:start and bench:end, and its longest task.
 */
export function mainThreadBusy(trace: Buffer, windows: readonly TraceWindow[]): MainThreadFigures {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents
  const start = events.find((event) => event.name === 'bench:start')
  const end = events.find((event) => event.name === 'bench:end')
  if (!start || !end) throw new Error('The trace lacks the bench:start and bench:end marks')
  const mainThread = events.find(
    (event) =>
      event.name === 'thread_name' &&
      event.args?.name === 'CrRendererMain' &&
      event.pid === start.pid,
  )
  const tasks = events.filter(
    (event) =>
      event.ph === 'X' &&
      event.name === 'RunTask' &&
      event.pid === start.pid &&
      (mainThread ? event.tid === mainThread.tid : event.tid === start.tid),
  )
  const busyMs = windows.map((window) => {
    const from = start.ts + window.fromMs * 1000
    const to = window.toMs === undefined ? end.ts : Math.min(end.ts, start.ts + window.toMs * 1000)
    const busy = tasks.reduce((sum, task) => {
      const overlap = Math.min(task.ts + (task.dur ?? 0), to) - Math.max(task.ts, from)
      return overlap > 0 ? sum + overlap : sum
    }, 0)
    return busy / 1000
  })
  const inside = tasks.filter((task) => task.ts + (task.dur ?? 0) > start.ts && task.ts < end.ts)
  return { busyMs, longestTaskMs: Math.max(0, ...inside.map((task) => (task.dur ?? 0) / 1000)) }
}
