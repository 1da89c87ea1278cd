interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  /** Thread (CPU) time of the event, where Chromium records it. */
  tdur?: number
  args?: { name?: string; data?: { type?: string } }
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

/** Main-thread time of each input of one kind, from its task to the next input's task. */
export interface InputFigures {
  /** One figure per input, in ms of wall-clock time. */
  busyMs: number[]
  /** The same tasks' thread (CPU) time, which other processes on the machine do not inflate. */
  cpuMs: number[]
  longestTaskMs: number
}

/**
 * Main-thread time per input (e.g. each `keydown`) in a Chromium trace with the marks
 * bench:start and bench:end: the busy time of the top-level tasks from the task that dispatched
 * the input up to the task of the next input (or bench:end), so the render, the frame and any
 * work the input set off (timers, fetches) all count against it.
 */
export function mainThreadPerInput(trace: Buffer, inputType: string): InputFigures {
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
  const tid = mainThread ? mainThread.tid : start.tid
  const onMain = (event: TraceEvent) => event.pid === start.pid && event.tid === tid
  const tasks = events
    .filter((event) => event.ph === 'X' && event.name === 'RunTask' && onMain(event))
    .filter((task) => task.ts >= start.ts && task.ts < end.ts)
    .sort((a, b) => a.ts - b.ts)
  const inputs = events
    .filter(
      (event) =>
        event.name === 'EventDispatch' &&
        onMain(event) &&
        event.args?.data?.type === inputType &&
        event.ts >= start.ts &&
        event.ts < end.ts,
    )
    .sort((a, b) => a.ts - b.ts)
  // Each input's window opens with the task that dispatched it.
  const opens = inputs.map(
    (input) =>
      tasks.find((task) => task.ts <= input.ts && input.ts <= task.ts + (task.dur ?? 0))?.ts ??
      input.ts,
  )
  const windows = opens.map((from, index) => {
    const to = opens[index + 1] ?? end.ts
    return tasks.filter((task) => task.ts >= from && task.ts < to)
  })
  const sum = (inside: TraceEvent[], time: (task: TraceEvent) => number | undefined) =>
    inside.reduce((total, task) => total + (time(task) ?? 0), 0) / 1000
  const busyMs = windows.map((inside) => sum(inside, (task) => task.dur))
  const cpuMs = windows.map((inside) => sum(inside, (task) => task.tdur))
  const longest = tasks
    .filter((task) => task.ts >= (opens[0] ?? end.ts))
    .map((task) => (task.dur ?? 0) / 1000)
  return { busyMs, cpuMs, longestTaskMs: Math.max(0, ...longest) }
}
