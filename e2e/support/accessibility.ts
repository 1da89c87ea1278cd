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
