// @vitest-environment happy-dom
import type { PublicConfig } from '@shared/config/public-config'
import type { StatusPage } from '@shared/enrollment/status-page-schema'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PageTitleProvider } from '../../lib/page-title'
import { ConfigProvider } from '../config/config-context'
import { StatusPageView } from './status-page'

/**
 * The status page's shipments (docs/product.md#status-page): each sales event of the year with
 * its packages, the tracking number a link to the carrier's page where it has one, or 'Not
 * shipped yet; ships by {date}'; an LMA's per dealer. Rendered as the page renders it, from an
 * answer of GET /api/status/{token}.
 */

const CONFIG = {
  brands: [{ key: 'chevy', name: 'Chevrolet' }],
  enrollmentYear: 2025,
  enrollmentOpen: true,
  support: { email: 'pos@example.com', phone: '800-555-0100' },
} as PublicConfig

const SPRING = {
  name: 'Spring Sales Event',
  shipBy: '2025-03-01',
  inStoreFrom: '2025-03-15',
  inStoreTo: '2025-04-15',
}
const SUMMER = {
  name: 'Summer Sales Event',
  shipBy: '2025-06-01',
  inStoreFrom: '2025-06-15',
  inStoreTo: '2025-07-15',
}

function page(overrides: Partial<StatusPage>): StatusPage {
  return {
    reference: 'ABCD-EFGH-JKLM',
    type: 'Dealer',
    brand: 'chevy',
    year: 2025,
    name: 'Prairie Motors',
    status: 'Approved',
    representative: 'Dana Rep',
    declineReason: null,
    dealers: [{ bac: '123456', name: 'Prairie Motors', kits: 1 }],
    dealerCount: 1,
    kitCount: 1,
    sentBack: null,
    timeline: [],
    invoice: null,
    salesEvents: [],
    linkExpiresAt: '2026-06-01T00:00:00.000Z',
    ...overrides,
  }
}

function show(answer: StatusPage) {
  render(
    <ConfigProvider config={CONFIG}>
      <PageTitleProvider>
        <StatusPageView token="t" page={answer} />
      </PageTitleProvider>
    </ConfigProvider>,
  )
  return screen.getByRole('region', { name: 'Shipments' })
}

afterEach(cleanup)

describe("the status page's shipments", () => {
  it('shows a dealer’s shipped event with a tracking link, and an event not shipped yet', () => {
    const section = show(
      page({
        salesEvents: [
          {
            ...SPRING,
            dealers: [
              {
                bac: '123456',
                name: 'Prairie Motors',
                shipments: [
                  { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', shippedOn: '2025-02-20' },
                ],
              },
            ],
          },
          { ...SUMMER, dealers: [{ bac: '123456', name: 'Prairie Motors', shipments: [] }] },
        ],
      }),
    )
    expect(within(section).getByRole('heading', { name: 'Spring Sales Event' })).toBeTruthy()
    expect(section.textContent).toContain(
      'Shipped on Feb 20, 2025 by UPS, tracking 1Z999AA10123456784',
    )
    const link = within(section).getByRole('link', { name: '1Z999AA10123456784' })
    expect(link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784')
    expect(section.textContent).toContain('Not shipped yet; ships by Jun 1, 2025')
    expect(section.textContent).toContain('In stores Jun 15, 2025 – Jul 15, 2025')
  })

  it('lists an LMA’s dealers per event; a carrier without a tracking page has no link', () => {
    const section = show(
      page({
        type: 'Lma',
        name: 'Prairie Dealers Association',
        salesEvents: [
          {
            ...SPRING,
            dealers: [
              {
                bac: '111111',
                name: 'First Motors',
                shipments: [
                  { carrier: 'Acme Freight', trackingNumber: 'AF-778', shippedOn: '2025-02-21' },
                ],
              },
              { bac: '222222', name: 'Second Motors', shipments: [] },
            ],
          },
        ],
      }),
    )
    const rows = within(section).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual([
      'BACDealerShipment',
      '111111First MotorsShipped on Feb 21, 2025 by Acme Freight, tracking AF-778',
      '222222Second MotorsNot shipped yet; ships by Mar 1, 2025',
    ])
    expect(within(section).queryByRole('link')).toBeNull()
  })

  it('has no shipments section without a sales event', () => {
    render(
      <ConfigProvider config={CONFIG}>
        <PageTitleProvider>
          <StatusPageView token="t" page={page({})} />
        </PageTitleProvider>
      </ConfigProvider>,
    )
    expect(screen.queryByRole('region', { name: 'Shipments' })).toBeNull()
  })
})
