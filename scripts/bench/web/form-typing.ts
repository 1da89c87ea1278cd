import { type Browser, chromium, expect, type Locator, type Page } from '@playwright/test'
import { MAX_DEALER_ROWS } from '../../../shared/domain/enrollment-choices.js'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lighthouse-run.js'
import { mainThreadPerInput, TRACE_CATEGORIES } from './trace-tasks.js'

export const CPU_SLOWDOWN = 4

export interface TypingFigures {
  /** Which field was typed into. */
  field: string
  keys: number
  /** Main-thread time per keystroke, from its key to the next key, in ms. */
  medianMs: number
  p95Ms: number
  /** The same as thread (CPU) time, unaffected by other load on the machine. */
  cpuMedianMs: number
  cpuP95Ms: number
  longestTaskMs: number
}

/**
 * The LMA form with `count` dealer rows (the baseline: 1; the case: the most an enrollment may
 * list): typing into the last row's BAC and into the LMA name at a 4x CPU slowdown, one key
 * every `gapMs`, each key's main-thread time taken from a Chromium trace.
 */
export async function measureFormTyping(
  url: string,
  keys: number,
  count = MAX_DEALER_ROWS,
  gapMs = 600,
): Promise<{ rows: number; figures: TypingFigures[] }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${url}/chevy/enrollment/lma`)
    const rows = await fillDealerRows(page, count)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const figures: TypingFigures[] = []
    // A BAC is digits; the name is letters no LMA of the seeded data starts with.
    const fields = [
      {
        field: `BAC of dealer row ${rows} of ${rows}`,
        role: 'textbox',
        name: `BAC, dealer ${rows}`,
        text: '1234567890',
      },
      {
        field: `LMA Name, ${rows} rows`,
        role: 'combobox',
        name: 'LMA Name',
        text: 'Zqx Zqx Zqx Zqx',
      },
    ] as const
    for (const { field, role, name, text } of fields) {
      const input = page.getByRole(role, { name, exact: true })
      figures.push(await typeInto(browser, page, input, { field, text, keys, gapMs }))
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    return { rows, figures }
  } finally {
    await browser.close()
  }
}

/**
 * The floor under every figure above: typing into the only input of an empty page, no script,
 * at the same slowdown. What a key costs there is the browser's own work (the key events, the
 * text editing, the frame), which no change to the form can remove.
 */
export async function measureBareInput(
  url: string,
  keys: number,
  gapMs = 600,
): Promise<TypingFigures> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${url}/healthz`)
    await page.setContent('<!doctype html><title>Bare input</title><label>Text <input></label>')
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const input = page.getByRole('textbox', { name: 'Text' })
    const field = 'A bare text input on an empty page (the floor)'
    return await typeInto(browser, page, input, { field, text: '1234567890', keys, gapMs })
  } finally {
    await browser.close()
  }
}

/** Types `keys` characters of `text` into `input`, one every `gapMs`, under a trace. */
async function typeInto(
  browser: Browser,
  page: Page,
  input: Locator,
  { field, text, keys, gapMs }: { field: string; text: string; keys: number; gapMs: number },
): Promise<TypingFigures> {
  await input.scrollIntoViewIfNeeded()
  await input.focus()
  await page.waitForTimeout(500)
  await browser.startTracing(page, { categories: TRACE_CATEGORIES })
  await page.evaluate("performance.mark('bench:start')")
  const typed = text.repeat(Math.ceil(keys / text.length)).slice(0, keys)
  for (const character of typed) {
    await page.keyboard.press(character)
    await page.waitForTimeout(gapMs)
  }
  await page.evaluate("performance.mark('bench:end')")
  const trace = await browser.stopTracing()
  await expect(input).toHaveValue(typed)
  const per = mainThreadPerInput(trace, 'keydown')
  if (per.busyMs.length !== keys) {
    throw new Error(`The trace holds ${per.busyMs.length} keys of ${keys}`)
  }
  return {
    field,
    keys,
    medianMs: percentile(per.busyMs, 0.5),
    p95Ms: percentile(per.busyMs, 0.95),
    cpuMedianMs: percentile(per.cpuMs, 0.5),
    cpuP95Ms: percentile(per.cpuMs, 0.95),
    longestTaskMs: per.longestTaskMs,
  }
}

/**
 * Adds rows with Add 5 Dealers, then Add Dealer, until the table has `count` rows (counted by
 * the table's aria-rowcount, the header row included: only the rows on screen are rendered).
 */
async function fillDealerRows(page: Page, count: number): Promise<number> {
  const table = page.locator('table.dealer-table')
  await expect(table).toHaveAttribute('aria-rowcount', '2')
  const addFive = page.getByRole('button', { name: 'Add 5 Dealers' })
  const addOne = page.getByRole('button', { name: 'Add Dealer', exact: true })
  let rows = 1
  while (rows + 5 <= count) {
    await addFive.click()
    rows += 5
    await expect(table).toHaveAttribute('aria-rowcount', String(rows + 1))
  }
  while (rows < count) {
    await addOne.click()
    rows += 1
    await expect(table).toHaveAttribute('aria-rowcount', String(rows + 1))
  }
  return rows
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? 0
}
