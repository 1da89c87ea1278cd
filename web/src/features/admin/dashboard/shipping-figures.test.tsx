// @vitest-environment happy-dom
import type { EventShippingFigures } from '@shared/dashboard/dashboard-schema'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAdmin, withFakeServer } from '../test-support/admin-screen'
import { ShippingFigures } from './shipping-figures'

/**
 * The dashboard's shipping section (docs/product.md#dashboard): per sales event, its dealers to
 * ship, shipped and not shipped after the ship-by date, each a link to the list filtered to it.
 */

withFakeServer()

const event = (overrides: Partial<EventShippingFigures>): EventShippingFigures => ({
  brand: 'chevy',
  code: 'CHEVY-2026-1',
  name: 'Spring Sales Event',
  shipBy: '2026-03-01',
  released: true,
  toShip: 1204,
  shipped: 1100,
  late: 104,
  ...overrides,
})

const SPRING = event({})
const FALL = event({ code: 'CHEVY-2026-2', name: 'Fall Sales Event', released: false })

describe('the dashboard’s shipping figures', () => {
  it('shows each event’s three figures, each opening the list filtered to it', () => {
    renderAdmin(<ShippingFigures year={2026} brand="chevy" events={[SPRING, FALL]} />)
    const table = screen.getByRole('table', { name: 'Sales events of Chevrolet 2026' })
    const spring = within(table).getByRole('rowheader', { name: 'Spring Sales Event' })
    const row = spring.closest('tr') as HTMLElement
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Mar 1, 2026', '1,204', '1,100', '104'])
    const links = within(row).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin?year=2026&brand=chevy&shipping=CHEVY-2026-1%3Ato-ship',
      '/admin?year=2026&brand=chevy&shipping=CHEVY-2026-1%3Ashipped',
      '/admin?year=2026&brand=chevy&shipping=CHEVY-2026-1%3Alate',
    ])
    expect(
      screen.getByRole('link', {
        name: 'Spring Sales Event, not shipped after ship-by: 104, show them in the enrollment list',
      }),
    ).toBeTruthy()
    // An event not yet released has no figures to open.
    const fall = within(table).getByRole('rowheader', { name: 'Fall Sales Event' })
    const fallRow = fall.closest('tr') as HTMLElement
    expect(within(fallRow).queryAllByRole('link')).toEqual([])
    expect(fallRow.textContent).toContain('Not released yet')
  })

  it('with all brands, has one table per brand; without events, says so', () => {
    const gm = event({ brand: 'gm', code: 'GM-2026-1', name: 'GM Launch' })
    const { unmount } = renderAdmin(
      <ShippingFigures year={2026} brand={null} events={[SPRING, gm]} />,
    )
    expect(screen.getAllByRole('table')).toHaveLength(2)
    const gmTable = screen.getByRole('table', { name: 'gm' })
    expect(within(gmTable).getByRole('link', { name: /^GM Launch, dealers to ship/ })).toBeTruthy()
    unmount()
    renderAdmin(<ShippingFigures year={2027} brand={null} events={[]} />)
    expect(screen.getByText('No sales events for 2027 yet.')).toBeTruthy()
  })
})
