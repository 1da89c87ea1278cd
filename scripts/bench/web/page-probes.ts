/**
 * What runs inside the page (serialized by Playwright): observers of long tasks, Event Timing
 * entries and the pager's text. Typed here by hand: the server's TypeScript has no DOM types.
 */
export interface Probe {
  longTasks: Array<{ start: number; duration: number }>
  events: Array<{ name: string; start: number; duration: number; processing: number }>
  pager: Array<{ at: number; text: string }>
  /** Called on each change of the page (the pager, the progress bar). */
  onChange?: () => void
}

/** Which pager text ends an interaction: exactly this, or page 1 of a total other than this. */
export interface PagerCondition {
  exact?: string
  pageOneNotOf?: number
}

export interface WindowFigures {
  /** When the pager showed the change, ms after the start. */
  shownAfterMs: number
  /** When the frame after that had been painted (the mark bench:shown). */
  shownPaintedAfterMs: number
  /** Longest Event Timing duration of the input (key or click to next paint); 0 if under 16 ms. */
  latencyMs: number
  /** Its event handlers' time. */
  processingMs: number
  longestTaskMs: number
  /** When the list's answer had arrived (fetch responseEnd), ms after the start; null if none. */
  responseAfterMs: number | null
}

interface ObservedEntry {
  name: string
  startTime: number
  duration: number
  processingStart?: number
  processingEnd?: number
}

interface PageGlobals {
  __probe: Probe
  performance: {
    now(): number
    mark(name: string): void
    getEntriesByType(type: string): Array<{ name: string; startTime: number; responseEnd: number }>
  }
  PerformanceObserver: new (
    callback: (list: { getEntries(): ObservedEntry[] }) => void,
  ) => { observe(options: Record<string, unknown>): void }
  MutationObserver: new (
    callback: () => void,
  ) => {
    observe(target: unknown, options: Record<string, unknown>): void
  }
  document: {
    querySelector(selector: string): {
      textContent: string | null
      getAttribute(name: string): string | null
    } | null
  }
  requestAnimationFrame(callback: () => void): void
  setTimeout(callback: () => void, ms: number): void
}

/** Installed before any script of each document (page.addInitScript). */
export function installProbe(): void {
  const page = globalThis as unknown as PageGlobals
  const probe: Probe = { longTasks: [], events: [], pager: [] }
  page.__probe = probe
  new page.PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      probe.longTasks.push({ start: entry.startTime, duration: entry.duration })
    }
  }).observe({ type: 'longtask', buffered: true })
  new page.PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      probe.events.push({
        name: entry.name,
        start: entry.startTime,
        duration: entry.duration,
        processing: (entry.processingEnd ?? 0) - (entry.processingStart ?? 0),
      })
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  let last = ''
  new page.MutationObserver(() => {
    const text = page.document.querySelector('.pager__status')?.textContent ?? ''
    if (text !== last) {
      last = text
      probe.pager.push({ at: page.performance.now(), text })
    }
    probe.onChange?.()
  }).observe(page.document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributeFilter: ['aria-valuenow'],
  })
}

/** Marks the start of an interaction (for the trace) and answers the page's clock. */
export function markStart(): number {
  const page = globalThis as unknown as PageGlobals
  page.performance.mark('bench:start')
  return page.performance.now()
}

/**
 * Waits in the page until the pager shows what `condition` asks for and, with `fetches`, until
 * the list has fetched and applied its answer (the progress bar completes); then for the next
 * paint. Marks bench:end and sums up the interaction's Event Timing and long tasks.
 */
export function waitForList(args: {
  started: number
  condition: PagerCondition
  fetches: boolean
}): Promise<WindowFigures> {
  const page = globalThis as unknown as PageGlobals
  const probe = page.__probe
  const { started, condition, fetches } = args
  const matches = (text: string) =>
    condition.exact !== undefined
      ? text === condition.exact
      : text.startsWith('Page 1 of ') && text !== `Page 1 of ${condition.pageOneNotOf}`
  const found = () => probe.pager.find((change) => change.at > started && matches(change.text))
  const fetched = () =>
    page.performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/api/enrollments') && entry.startTime >= started)
      .pop()
  // The bar is gone, or full for the moment before it goes: the answer has been applied.
  const barDone = () => {
    const bar = page.document.querySelector('.progress')
    return !bar || bar.getAttribute('aria-valuenow') === '100'
  }
  // After the next paint, so that the frame showing the change is inside the window.
  const afterPaint = (mark: string) =>
    new Promise<number>((painted) =>
      page.requestAnimationFrame(() =>
        page.setTimeout(() => {
          page.performance.mark(mark)
          painted(page.performance.now())
        }, 0),
      ),
    )
  const figures = (shownPainted: number, end: number): WindowFigures => {
    const shown = found()
    const inside = <T extends { start: number }>(items: T[]) =>
      items.filter((item) => item.start >= started && item.start <= end)
    const inputs = inside(probe.events).filter((event) =>
      ['click', 'pointerdown', 'pointerup', 'keydown', 'keyup', 'input', 'change'].includes(
        event.name,
      ),
    )
    const answer = fetched()
    return {
      responseAfterMs: answer ? answer.responseEnd - started : null,
      shownAfterMs: (shown?.at ?? shownPainted) - started,
      shownPaintedAfterMs: shownPainted - started,
      latencyMs: Math.max(0, ...inputs.map((event) => event.duration)),
      processingMs: Math.max(0, ...inputs.map((event) => event.processing)),
      longestTaskMs: Math.max(0, ...inside(probe.longTasks).map((task) => task.duration)),
    }
  }
  return new Promise((resolve) => {
    let shownPainted: Promise<number> | undefined
    const check = () => {
      if (!found()) return
      shownPainted ??= afterPaint('bench:shown')
      if (fetches) {
        const answer = fetched()
        if (!answer || answer.responseEnd === 0 || !barDone()) return
      }
      probe.onChange = undefined
      const painted = shownPainted
      void painted.then(async (at) => resolve(figures(at, await afterPaint('bench:end'))))
    }
    probe.onChange = check
    check()
  })
}
