import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const
type Category = (typeof CATEGORIES)[number]

export interface PageReport {
  url: string
  /** 0 to 100 per category. */
  scores: Record<Category, number>
  metrics: Record<string, string>
  /** Audits that cost points, the heaviest first. */
  failing: Array<{ category: Category; title: string; value: string; weight: number }>
}

/** The metrics the performance score is made of, as Lighthouse shows them. */
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
]

/**
 * Lighthouse's default (mobile) configuration on `url`, `runs` times in a fresh Chromium each;
 * answers the run with the median performance score.
 */
export async function runLighthouse(url: string, runs: number): Promise<PageReport> {
  const reports: PageReport[] = []
  for (let run = 0; run < runs; run++) reports.push(await lighthouseOnce(url))
  reports.sort((a, b) => a.scores.performance - b.scores.performance)
  return reports[Math.floor(reports.length / 2)] as PageReport
}

async function lighthouseOnce(url: string): Promise<PageReport> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    })
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as Record<Category, number>
    const metrics = Object.fromEntries(
      METRICS.map((id) => [lhr.audits[id]?.title ?? id, lhr.audits[id]?.displayValue ?? '?']),
    )
    const failing = CATEGORIES.flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
        const audit = lhr.audits[ref.id]
        if (!audit || audit.score === null || audit.score >= 0.9) return []
        if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable')
          return []
        return [
          {
            category,
            title: audit.title,
            value: audit.displayValue ?? detailItems(audit.details),
            weight: ref.weight,
          },
        ]
      }),
    )
    failing.sort((a, b) => b.weight - a.weight)
    return { url, scores, metrics, failing }
  } finally {
    chrome.kill()
  }
}

/** The first few offending items of an audit (selectors, URLs), for the report. */
function detailItems(details: unknown): string {
  const items = (details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? []
  return items
    .slice(0, 3)
    .map((item) => {
      const node = item.node as { selector?: string; snippet?: string } | undefined
      return node?.selector ?? String(item.url ?? item.source ?? '')
    })
    .filter(Boolean)
    .join('; ')
}
