import { formatDollars } from '@shared/format/money-text'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { FigureCard } from './figure-card'

const render = (card: ReactElement) =>
  renderToStaticMarkup(<Router ssrPath="/admin/dashboard">{card}</Router>)

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'")

describe("a dashboard figure's card (docs/product.md#dashboard)", () => {
  it('writes a fall with one minus sign, U+2212, in the difference and the percentage', () => {
    const html = render(<FigureCard label="Approved" figure={{ current: 37, previous: 144 }} />)
    expect(text(html)).toContain('Last year: 144 · \u2212107 (\u221274%)')
    expect(text(html)).not.toMatch(/-\d/)
  })

  it('keeps every amount whole: the value on one line, each number below in a span that never wraps', () => {
    const html = render(
      <FigureCard
        label="Amount invoiced"
        figure={{ current: 11300, previous: 48600 }}
        format={formatDollars}
        href="/admin?year=2025&invoice=issued"
      />,
    )
    expect(html).toContain('<dd class="figure-card__value">')
    for (const amount of ['$48,600.00', '\u2212$37,300.00', '(\u221277%)']) {
      expect(html).toContain(`<span class="figure-number">${amount}</span>`)
    }
  })
})
