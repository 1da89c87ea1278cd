import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Fails on any serious or critical axe-core violation of the page as it is now; `targetSize`
 * adds WCAG 2.2's target size (2.5.8, at least 24 by 24 px), which the admin screens keep.
 */
export async function expectAccessible(
  page: Page,
  options: { targetSize?: boolean } = {},
): Promise<void> {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
  const results = await new AxeBuilder({ page })
    .withTags(options.targetSize ? [...tags, 'wcag22aa'] : tags)
    .analyze()
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    )
  expect(blocking, 'serious or critical accessibility violations').toEqual([])
}

/**
 * The targets of the page smaller than 24 by 24 px, as 'name W×H' (none may be: WCAG 2.5.8
 * without its spacing exception, which axe's rule allows): checkboxes, buttons, drop-downs and
 * links that are not inline in a sentence, as laid out now.
 */
export function targetsUnder24px(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'input[type="checkbox"], input[type="radio"], button, select, summary, a[href]'
    const small = new Set<string>()
    for (const target of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const box = target.getBoundingClientRect()
      const style = getComputedStyle(target)
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue
      if (style.opacity === '0' || target.closest('[inert]')) continue
      // A link in a sentence is exempt (its size is the text's).
      if (target.tagName === 'A' && style.display === 'inline') continue
      if (box.width >= 23.5 && box.height >= 23.5) continue
      const name = target.getAttribute('aria-label') || target.textContent?.trim() || target.id
      small.add(`${name} ${Math.round(box.width)}×${Math.round(box.height)}`)
    }
    return [...small]
  })
}
