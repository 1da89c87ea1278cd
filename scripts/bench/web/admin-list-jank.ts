import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { type Browser, chromium, expect, type Page } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lighthouse-run.js'
import { installProbe, markStart, type PagerCondition, waitForList } from './page-probes.js'
import { mainThreadBusy, TRACE_CATEGORIES } from './trace-tasks.js'

export interface InteractionFigures {
  name: string
  /** Event Timing duration of the input (key or click to the next paint); 0 when under 16 ms. */
  latencyMs: number
  /** From the input until the pager shows the result. */
  shownAfterMs: number
  /** Main-thread busy time from the input until the result is painted (a Chromium trace). */
  toShownMs: number
  /** The list's fetch, when the interaction makes one: main-thread time to apply its answer. */
  refetch: { applyMs: number; answeredAfterMs: number } | null
  /** The longest main-thread task from the input until the list is settled. */
  longestTaskMs: number
}

/** The admin list with a year of enrollments: paging and filtering, measured in Chromium. */
export async function measureAdminList(
  url: string,
  pages: number,
  traceDir?: string,
): Promise<InteractionFigures[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    // tsx keeps function names with an __name helper the page does not have.
    await page.addInitScript('globalThis.__name ??= (fn) => fn')
    await page.addInitScript(installProbe)
    await signIn(page, url)
    const pager = page.locator('.pager__status')
    await expect(pager).toHaveText(`Page 1 of ${pages}`, { timeout: 60_000 })
    const figures: InteractionFigures[] = []
    const run = async (
      name: string,
      condition: PagerCondition,
      act: () => Promise<void>,
      fetches = false,
    ) => {
      const traceFile = traceDir
        ? join(traceDir, `${String(figures.length + 1).padStart(2, '0')}-${slug(name)}.json`)
        : undefined
      figures.push(await measure(browser, page, { name, condition, fetches, traceFile }, act))
    }

    // A whole year again: the previous (empty) year, then back.
    await page.getByRole('button', { name: 'Previous year' }).click()
    await expect(pager).toHaveText('Page 1 of 1', { timeout: 30_000 })
    const nextYear = await centre(page, page.getByRole('button', { name: 'Next year' }))
    await run(
      `Load the year (${(pages * 20).toLocaleString('en-US')} rows)`,
      { exact: `Page 1 of ${pages}` },
      () => page.mouse.click(nextYear.x, nextYear.y),
      true,
    )
    // Raw mouse input at the button: no actionability checks inside the measured window.
    const nextPage = await centre(page, page.getByRole('button', { name: 'Next Page' }))
    for (let next = 2; next <= 11; next++) {
      await run(`Next Page → ${next}`, { exact: `Page ${next} of ${pages}` }, () =>
        page.mouse.click(nextPage.x, nextPage.y),
      )
    }
    await page.getByLabel('Type').focus()
    for (const [key, label] of [
      ['ArrowDown', 'LMA'],
      ['ArrowDown', 'Dealer'],
      ['ArrowUp', 'LMA'],
    ] as const) {
      const total = Number((await pager.textContent())?.match(/of (\d+)/)?.[1])
      await run(
        `Type filter → ${label}`,
        { pageOneNotOf: total },
        () => page.keyboard.press(key),
        true,
      )
    }
    return figures
  } finally {
    await browser.close()
  }
}

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/admin`)
  await page.getByRole('button', { name: 'Click Here to Login' }).click()
  await page.getByLabel('Email').fill('admin@example.com')
  await page.getByLabel('Password').fill('dev')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/admin$/)
}

async function centre(page: Page, locator: ReturnType<Page['locator']>) {
  await locator.scrollIntoViewIfNeeded()
  const box = await locator.boundingBox()
  if (!box) throw new Error('The button is not on screen')
  await page.waitForTimeout(100)
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

async function measure(
  browser: Browser,
  page: Page,
  what: { name: string; condition: PagerCondition; fetches: boolean; traceFile?: string },
  act: () => Promise<void>,
): Promise<InteractionFigures> {
  await page.waitForTimeout(300)
  await browser.startTracing(page, { categories: TRACE_CATEGORIES })
  const started = await page.evaluate(markStart)
  await act()
  const figures = await page.evaluate(waitForList, {
    started,
    condition: what.condition,
    fetches: what.fetches,
  })
  const trace = await browser.stopTracing()
  if (what.traceFile) {
    mkdirSync(dirname(what.traceFile), { recursive: true })
    writeFileSync(what.traceFile, trace)
  }
  const answered = figures.responseAfterMs
  const main = mainThreadBusy(trace, [
    { fromMs: 0, toMs: figures.shownPaintedAfterMs },
    { fromMs: answered ?? 0 },
  ])
  return {
    name: what.name,
    latencyMs: figures.latencyMs,
    shownAfterMs: figures.shownAfterMs,
    toShownMs: main.busyMs[0] ?? 0,
    refetch:
      what.fetches && answered !== null
        ? { applyMs: main.busyMs[1] ?? 0, answeredAfterMs: answered }
        : null,
    longestTaskMs: Math.max(main.longestTaskMs, figures.longestTaskMs),
  }
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
