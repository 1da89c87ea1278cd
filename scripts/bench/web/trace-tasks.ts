interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: { name?: string }
}

export interface MainThreadFigures {
  /** Busy time of the renderer's main thread between the marks, in ms. */
  busyMs: number
  /** The part of it from `afterMs` after the start mark on (the answer arriving). */
  busyAfterMs: number
  longestTaskMs: number
}

/** Categories for browser.startTracing: tasks, and the page's performance.mark calls. */
export const TRACE_CATEGORIES = [
  'disabled-by-default-devtools.timeline',
  'devtools.timeline',
  'blink.user_timing',
]

/**
 * Sums the top-level tasks of the page's main thread (CrRendererMain) between the marks
 * bench:start and bench:end of a Chromium trace.
 */
export function mainThreadBetweenMarks(trace: Buffer, afterMs = 0): MainThreadFigures {
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
  const busyFrom = (from: number) =>
    tasks.reduce((sum, task) => {
      const overlap = Math.min(task.ts + (task.dur ?? 0), end.ts) - Math.max(task.ts, from)
      return overlap > 0 ? sum + overlap : sum
    }, 0) / 1000
  const inside = tasks.filter((task) => task.ts + (task.dur ?? 0) > start.ts && task.ts < end.ts)
  return {
    busyMs: busyFrom(start.ts),
    busyAfterMs: busyFrom(start.ts + afterMs * 1000),
    longestTaskMs: Math.max(0, ...inside.map((task) => (task.dur ?? 0) / 1000)),
  }
}
