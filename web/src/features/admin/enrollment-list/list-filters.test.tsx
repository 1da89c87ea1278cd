// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { ListFilters } from '../api/admin-calls'
import { renderAdmin, withFakeServer } from '../test-support/admin-screen'
import { readListAddress } from './list-address'
import { ListFilterBar } from './list-filters'
import { resultsText } from './list-summary'
import type { ListRow } from './list-table'

/**
 * The list opened by a dashboard shipping figure (docs/product.md#list-address-sorting-counts-and-export):
 * it says which figure it holds, its results line counts the figure's dealers, and the filter
 * can be removed.
 */

withFakeServer()

const CONFIG = { enrollmentYear: 2026, brands: [{ key: 'chevy', name: 'Chevrolet' }] }

describe('the list’s shipping filter', () => {
  it('says which figure it holds, and removes it', async () => {
    const user = userEvent.setup()
    const { filters } = readListAddress('?shipping=chevy-2026-2:late', CONFIG)
    const onChange = vi.fn<(next: ListFilters) => void>()
    renderAdmin(<ListFilterBar filters={filters} onChange={onChange} />)
    expect(
      screen.getByText('Only: Sales event CHEVY-2026-2: not shipped after the ship-by date'),
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Remove this filter' }))
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(onChange.mock.calls[0]?.[0].shipping).toBeUndefined()
  })

  it('counts, in its results line, the dealers the server says are in the figure', () => {
    // Under the filter each row's dealers are its dealers in the figure (an LMA of 5, 2 late).
    const row = (guid: string, dealers: number): ListRow =>
      ({ guid, status: 'Approved', kits: 5, dealers, amount: 0 }) as ListRow
    expect(resultsText([row('a', 2), row('b', 1)])).toBe(
      '2 enrollments, 3 dealers, 10 kits, amount $0.00',
    )
  })
})
