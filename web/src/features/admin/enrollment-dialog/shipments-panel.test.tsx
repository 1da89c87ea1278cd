// @vitest-environment happy-dom
import type { EnrollmentShipments } from '@shared/shipping/enrollment-shipments'
import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ok, renderAdmin, withFakeServer } from '../test-support/admin-screen'
import { ShipmentsPanel } from './shipments-panel'

/**
 * The dialog's Shipping panel (docs/product.md#shipments-of-an-enrollment): per sales event its
 * release and packages, in the status page's words, the tracking number a link to the carrier;
 * an administrator corrects a shipment; an LMA's dealers' ship-to addresses, entered where the
 * directory has none. Only the network is a stand-in (`fetch`, admin-screen.tsx).
 */
const server = withFakeServer()

const GUID = '6d0f6c38-2b8e-4a4e-9f57-1f1d6c0a0003'
const SHIPMENTS = `/api/enrollments/${GUID}/shipments`
const EVENT = '7e0f6c38-2b8e-4a4e-9f57-1f1d6c0a0004'

const shipping = (overrides: Partial<EnrollmentShipments> = {}): EnrollmentShipments => ({
  events: [
    {
      eventGuid: EVENT,
      eventCode: 'CHEVY-2025-1',
      eventName: 'Spring Sales Event',
      shipBy: '2025-03-01',
      latestRelease: 2,
      onLatestRelease: true,
      shipments: [
        {
          id: '41',
          eventGuid: EVENT,
          eventCode: 'CHEVY-2025-1',
          eventName: 'Spring Sales Event',
          bac: '113001',
          carrier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
          shippedOn: '2025-02-20',
          trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
          enrollmentGuid: GUID,
        },
      ],
    },
    {
      eventGuid: '8e0f6c38-2b8e-4a4e-9f57-1f1d6c0a0005',
      eventCode: 'CHEVY-2025-2',
      eventName: 'Truck Month',
      shipBy: '2025-05-01',
      latestRelease: null,
      onLatestRelease: false,
      shipments: [],
    },
  ],
  shipTo: [],
  ...overrides,
})

describe('the Shipping panel', () => {
  it('asks for nothing until opened, then says each event’s release and packages as the status page does', async () => {
    const user = userEvent.setup()
    server().answer(`GET ${SHIPMENTS}`, ok(shipping()))
    renderAdmin(<ShipmentsPanel guid={GUID} isLma={false} />)
    expect(server().requests).toEqual([])
    await user.click(screen.getByText('Shipping'))
    expect(await screen.findByText('On release 2 of the manifest.')).toBeTruthy()
    const link = screen.getByRole('link', { name: '1Z999AA10123456784' })
    expect(link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784')
    expect(link.closest('li')?.textContent).toContain('Shipped on Feb 20, 2025 by UPS, tracking')
    expect(screen.getByText('Not released to the vendor yet; ships by May 1, 2025.')).toBeTruthy()
  })

  it('lets an administrator correct a shipment, showing the server’s words at the field', async () => {
    const user = userEvent.setup()
    server().answer(`GET ${SHIPMENTS}`, ok(shipping()))
    let tries = 0
    server().answer('PUT /api/shipments/41', () =>
      ++tries === 1
        ? {
            status: 400,
            body: {
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              detail: 'The shipment is not valid.',
              errors: { shippedOn: ['Enter the shipped date as YYYY-MM-DD.'] },
            },
          }
        : ok(shipping().events[0]?.shipments[0]),
    )
    renderAdmin(<ShipmentsPanel guid={GUID} isLma={false} />)
    await user.click(screen.getByText('Shipping'))
    await user.click(await screen.findByRole('button', { name: 'Correct' }))
    const number = screen.getByLabelText('Tracking number')
    await user.clear(number)
    await user.type(number, '1Z999AA10123456785')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Enter the shipped date as YYYY-MM-DD.')).toBeTruthy()
    expect(screen.getByLabelText('Shipped on').getAttribute('aria-invalid')).toBe('true')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('button', { name: 'Correct' })).toBeTruthy()
    expect(server().bodiesTo('PUT /api/shipments/41')[1]).toEqual({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456785',
      shippedOn: '2025-02-20',
    })
  })

  it('shows a read-only user no Correct and an LMA’s unknown ship-to without Enter address', async () => {
    const user = userEvent.setup()
    server().answer(
      `GET ${SHIPMENTS}`,
      ok(shipping({ shipTo: [{ bac: '113002', dealerName: 'Member Dealer 2', shipTo: null }] })),
    )
    renderAdmin(<ShipmentsPanel guid={GUID} isLma />, 'read-only')
    await user.click(screen.getByText('Shipping'))
    const table = await screen.findByRole('table')
    expect(
      within(table).getByText('Unknown: the dealer directory does not know this BAC.'),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Correct' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Enter address' })).toBeNull()
  })

  it('lets an administrator enter an LMA dealer’s ship-to address', async () => {
    const user = userEvent.setup()
    const unknown = shipping({
      shipTo: [{ bac: '113002', dealerName: 'Member Dealer 2', shipTo: null }],
    })
    server().answer(`GET ${SHIPMENTS}`, ok(unknown))
    server().answer(`PUT /api/enrollments/${GUID}/ship-to/113002`, (request) =>
      ok({ bac: '113002', ...(request.body as object), source: 'office' }),
    )
    renderAdmin(<ShipmentsPanel guid={GUID} isLma />)
    await user.click(screen.getByText('Shipping'))
    await user.click(await screen.findByRole('button', { name: 'Enter address' }))
    await user.type(screen.getByLabelText('Street address'), '5 Dock Road')
    await user.type(screen.getByLabelText('City'), 'Joliet')
    await user.type(screen.getByLabelText('State'), 'IL')
    await user.type(screen.getByLabelText('Postal code'), '60431')
    await user.click(screen.getByRole('button', { name: 'Save address' }))
    await screen.findByRole('button', { name: 'Enter address' })
    expect(server().bodiesTo(`PUT /api/enrollments/${GUID}/ship-to/113002`)).toEqual([
      {
        name: 'Member Dealer 2',
        address: '5 Dock Road',
        city: 'Joliet',
        state: 'IL',
        postal: '60431',
        country: 'USA',
      },
    ])
  })
})
