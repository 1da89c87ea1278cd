// @vitest-environment happy-dom
import type { SalesEvent } from '@shared/shipping/shipping-schema'
import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { PageTitleProvider } from '../../lib/page-title'
import { ok, renderAdmin, withFakeServer } from '../admin/test-support/admin-screen'
import ShippingPage from './shipping-page'

/**
 * The Shipping tab's sales events (docs/product.md#sales-events) as an administrator adds and
 * removes them and as a read-only user sees them. Only the network is a stand-in (`fetch`,
 * admin-screen.tsx), answering as the shipping routes would.
 */

const server = withFakeServer()

const EVENTS = 'GET /api/shipping/events?year=2026&brand=chevy'

const salesEvent = (number: number, name: string, releases: number): SalesEvent => ({
  guid: `0b6e3f4c-1d2a-4c5b-8e9f-00000000000${number}`,
  brand: 'chevy',
  year: 2026,
  code: `CHEVY-2026-${number}`,
  name,
  shipBy: '2026-03-01',
  inStoreFrom: '2026-03-15',
  inStoreTo: '2026-04-15',
  version: 1,
  releases,
  lastReleasedAt: releases > 0 ? '2026-02-01T15:00:00.000Z' : null,
})

function storedEvents() {
  let events = [salesEvent(1, 'Spring Sales Event', 1), salesEvent(2, 'Summer Sales Event', 0)]
  server().answer(EVENTS, () => ok(events))
  server().answer(`DELETE /api/shipping/events/${salesEvent(2, '', 0).guid}`, () => {
    events = events.filter((event) => event.releases > 0)
    return { status: 204 }
  })
  server().answer('POST /api/shipping/events?year=2026&brand=chevy', ({ body }) => {
    const { shipBy, inStoreFrom } = body as { shipBy: string; inStoreFrom: string }
    if (shipBy > inStoreFrom) {
      return {
        status: 400,
        body: {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          detail: 'The request is not valid.',
          errors: { shipBy: ['Kits must ship by the first in-store date at the latest.'] },
        },
      }
    }
    const added = { ...salesEvent(3, 'Fall Sales Event', 0), ...(body as object) }
    events = [...events, added]
    return { status: 201, body: added }
  })
}

const render = (role?: Parameters<typeof renderAdmin>[1]) =>
  renderAdmin(
    <PageTitleProvider>
      <ShippingPage />
    </PageTitleProvider>,
    role,
  )

const eventsTable = () => screen.findByRole('table', { name: 'Sales events of 2026' })

describe('the sales events of the Shipping tab', () => {
  it('offers Remove only for an event never released, and removes it after asking', async () => {
    storedEvents()
    render()
    const table = await eventsTable()
    expect(within(table).queryByRole('button', { name: 'Remove Spring Sales Event' })).toBeNull()
    await userEvent.click(within(table).getByRole('button', { name: 'Remove Summer Sales Event' }))
    const question = await screen.findByRole('dialog', { name: 'Remove the sales event' })
    expect(question.textContent).toContain('Remove Summer Sales Event (CHEVY-2026-2)?')
    await userEvent.click(within(question).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Summer Sales Event is removed.')).toBeTruthy()
    await waitFor(() => expect(within(table).queryByText('Summer Sales Event')).toBeNull())
  })

  it('adds an event, the server’s error shown at its field first', async () => {
    storedEvents()
    render()
    await eventsTable()
    await userEvent.click(screen.getByRole('button', { name: 'Add event' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a sales event' })
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Fall Sales Event')
    await userEvent.type(within(dialog).getByLabelText('Ship by'), '2026-10-01')
    await userEvent.type(within(dialog).getByLabelText('In stores from'), '2026-09-15')
    await userEvent.type(within(dialog).getByLabelText('In stores until'), '2026-10-15')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add event' }))
    const shipBy = within(dialog).getByLabelText('Ship by')
    await waitFor(() => expect(shipBy.getAttribute('aria-invalid')).toBe('true'))
    expect(
      within(dialog).getByText('Kits must ship by the first in-store date at the latest.'),
    ).toBeTruthy()

    await userEvent.clear(shipBy)
    await userEvent.type(shipBy, '2026-09-01')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add event' }))
    expect(await screen.findByText('Fall Sales Event (CHEVY-2026-3) is added.')).toBeTruthy()
    const table = await eventsTable()
    expect(await within(table).findByText('Fall Sales Event')).toBeTruthy()
  })

  it('shows a read-only user the events without Add, Change or Remove', async () => {
    storedEvents()
    render('read-only')
    const table = await eventsTable()
    expect(
      within(table)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Manifest', 'Manifest'])
    expect(screen.queryByRole('button', { name: 'Add event' })).toBeNull()
  })
})
