import { type Browser, chromium, expect, type Page } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lighthouse-run.js'
import { installProbe, markStart, type PagerCondition, waitForPager } from './page-probes.js'
import { mainThreadBetweenMarks, TRACE_CATEGORIES } from './trace-tasks.js'

export interface InteractionFigures {
  name: string
  /** Event Timing duration of the input (key or click to the next paint); 0 when under 16 ms. */
  latencyMs: number
  /** Main-thread busy time from the input until the list shows the result (a Chromium trace). */
  mainThreadMs: number
  /** The part of it after the list's answer arrived: parsing and rendering it; null if no fetch. */
  applyMs: number | null
  longestTaskMs: number
  /** From the input until the pager shows the result (a filter waits 750 ms before fetching). */
  shownAfterMs: number
}

/** The admin list with a year of enrollments: paging and filtering, measured in Chromium. */
export async function measureAdminList(url: string, pages: number): Promise<InteractionFigures[]> {
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
    const run = async (name: string, condition: PagerCondition, act: () => Promise<void>) => {
      figures.push(await measure(browser, page, name, condition, act))
    }

    // A whole year again: the previous (empty) year, then back.
    await page.getByRole('button', { name: 'Previous year' }).click()
    await expect(pager).toHaveText('Page 1 of 1', { timeout: 30_000 })
    const nextYear = await centre(page, page.getByRole('button', { name: 'Next year' }))
    await run(
      `Load the year (${(pages * 20).toLocaleString('en-US')} rows)`,
      { exact: `Page 1 of ${pages}` },
      () => page.mouse.click(nextYear.x, nextYear.y),
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
      await run(`Type filter → ${label}`, { pageOneNotOf: total }, () => page.keyboard.press(key))
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
  name: string,
  condition: PagerCondition,
  act: () => Promise<void>,
): Promise<InteractionFigures> {
  await page.waitForTimeout(300)
  await browser.startTracing(page, { categories: TRACE_CATEGORIES })
  const started = await page.evaluate(markStart)
  await act()
  const figures = await page.evaluate(waitForPager, { started, condition })
  const main = mainThreadBetweenMarks(await browser.stopTracing(), figures.responseAfterMs ?? 0)
  return {
    name,
    latencyMs: figures.latencyMs,
    mainThreadMs: main.busyMs,
    applyMs: figures.responseAfterMs === null ? null : main.busyAfterMs,
    longestTaskMs: Math.max(main.longestTaskMs, figures.longestTaskMs),
    shownAfterMs: figures.shownAfterMs,
  }
}
