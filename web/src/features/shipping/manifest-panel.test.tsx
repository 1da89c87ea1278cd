// @vitest-environment happy-dom
import type {
  Manifest,
  ManifestRow,
  ReleaseSummary,
  SalesEvent,
} from '@shared/shipping/shipping-schema'
import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ok, problem, renderAdmin, withFakeServer } from '../admin/test-support/admin-screen'
import { ManifestPanel } from './manifest-panel'

/**
 * The manifest of a sales event on the Shipping tab (docs/product.md#releases), as an
 * administrator releases it and as a read-only user sees it. Only the network is a stand-in
 * (`fetch`, admin-screen.tsx), answering as the shipping routes would.
 */

const server = withFakeServer()

const GUID = '0b6e3f4c-1d2a-4c5b-8e9f-000000000038'
const MANIFEST = `/api/shipping/events/${GUID}/manifest`
const RELEASES = `/api/shipping/events/${GUID}/releases`
const ENROLLMENT = '6d0f6c38-2b8e-4a4e-9f57-1f1d6c0a0038'

const event: SalesEvent = {
  guid: GUID,
  brand: 'chevy',
  year: 2026,
  code: 'CHEVY-2026-1',
  name: 'Spring Sales Event',
  shipBy: '2026-03-01',
  inStoreFrom: '2026-03-15',
  inStoreTo: '2026-04-15',
  version: 1,
  releases: 1,
  lastReleasedAt: '2026-02-01T15:00:00.000Z',
}

const row = (bac: string, change: ManifestRow['change'], overrides: Partial<ManifestRow> = {}) =>
  ({
    bac,
    dealerName: `Dealer ${bac}`,
    address: '1 Main St',
    city: 'Lansing',
    state: 'MI',
    postal: '48933',
    country: 'USA',
    englishKit: 'Large',
    englishKits: 1,
    hispanicKit: 'Add-On',
    hispanicKits: 1,
    reference: `CHEVY-2026-${bac}`,
    enrollmentGuid: ENROLLMENT,
    change,
    ...overrides,
  }) satisfies ManifestRow

const release = (number: number, rows: number, changes: number): ReleaseSummary => ({
  number,
  releasedAt: '2026-02-01T15:00:00.000Z',
  releasedBy: 'admin@example.com',
  rows,
  changes,
})

/** Released once; since then one dealer added, one unchanged, one cancelled, one problem. */
const manifest: Manifest = {
  event,
  lastRelease: release(1, 2, 2),
  rows: [row('111111', 'unchanged'), row('222222', 'added', { englishKits: 2 })],
  cancelled: [row('333333', 'cancelled')],
  problems: [
    {
      bac: '444444',
      dealerName: 'Dealer 444444',
      reference: 'CHEVY-2026-0044',
      enrollmentGuid: ENROLLMENT,
      problem: 'The dealer directory does not know this BAC: enter a ship-to address.',
    },
  ],
}

/** The server's event: GET answers the manifest and releases; a release makes the next. */
function storedEvent() {
  let current = manifest
  let releases = [release(1, 2, 2)]
  server().answer(`GET ${MANIFEST}`, () => ok(current))
  server().answer(`GET ${RELEASES}`, () => ok(releases))
  server().answer(`POST ${RELEASES}`, ({ body }) => {
    const { after } = body as { after: number }
    if (after !== releases[0]?.number) {
      return problem(409, 'A release of this event was made meanwhile: look at it first.')
    }
    const made = release(after + 1, 2, 2)
    releases = [made, ...releases]
    current = {
      ...current,
      lastRelease: made,
      rows: current.rows.map((each) => ({ ...each, change: 'unchanged' as const })),
      cancelled: [],
    }
    return { status: 201, body: made }
  })
  return {
    /** Another administrator releases meanwhile. */
    releasedElsewhere: () => {
      releases = [release(2, 2, 2), ...releases]
    },
  }
}

const panel = () => screen.findByRole('region', { name: /Manifest of Spring Sales Event/ })

describe('the manifest of a sales event', () => {
  it('counts what a release would send, and lists the rows that cannot ship with their problem', async () => {
    storedEvent()
    renderAdmin(<ManifestPanel event={event} />)
    const region = await panel()
    const figure = async (label: string) =>
      (await within(region).findByText(label)).nextElementSibling?.textContent
    expect(await figure('Dealers')).toBe('2')
    expect(await figure('English kits')).toBe('3')
    expect(await figure('Hispanic kits')).toBe('2')
    expect(await figure('Added since release 1')).toBe('1')
    expect(await figure('Changed since release 1')).toBe('0')
    expect(await figure('Cancelled since release 1')).toBe('1')

    const problems = within(region).getByRole('table', { name: /Rows that cannot ship/ })
    expect(within(problems).getByRole('row', { name: /444444/ }).textContent).toContain(
      'The dealer directory does not know this BAC: enter a ship-to address.',
    )
    const rows = within(region).getByRole('table', { name: 'Rows (2)' })
    expect(within(rows).getByRole('row', { name: /333333/ }).textContent).toContain('Cancelled')
    expect(within(rows).getByRole('row', { name: /222222/ }).textContent).toContain('Large × 2')
  })

  it('releases after asking, naming the rows and changes, with the last release seen', async () => {
    storedEvent()
    renderAdmin(<ManifestPanel event={event} />)
    const region = await panel()
    await userEvent.click(await within(region).findByRole('button', { name: 'Release to vendor' }))
    const question = await screen.findByRole('dialog', { name: 'Release the manifest' })
    expect(question.textContent).toContain(
      'Release Spring Sales Event to the vendor as release 2, 2 rows: 1 added, 0 changed, 1 cancelled? 1 row has a problem and is left out.',
    )
    await userEvent.click(within(question).getByRole('button', { name: 'Release' }))

    expect(server().bodiesTo(`POST ${RELEASES}`)).toEqual([{ after: 1 }])
    expect(await screen.findByText(/Release 2 of Spring Sales Event is made/)).toBeTruthy()
    const releases = within(region).getByRole('table', { name: 'Releases of Spring Sales Event' })
    expect(await within(releases).findByRole('row', { name: /Release 2/ })).toBeTruthy()
    expect(
      await within(region).findByText(/Last released: release 2,.* Nothing has changed since\./),
    ).toBeTruthy()
    expect(
      within(region).getByRole<HTMLButtonElement>('button', { name: 'Release to vendor' }).disabled,
    ).toBe(true)
  })

  it('asks nothing of the server when the question is answered Cancel', async () => {
    storedEvent()
    renderAdmin(<ManifestPanel event={event} />)
    const region = await panel()
    await userEvent.click(await within(region).findByRole('button', { name: 'Release to vendor' }))
    const question = await screen.findByRole('dialog', { name: 'Release the manifest' })
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server().bodiesTo(`POST ${RELEASES}`)).toEqual([])
  })

  it('says why a release made meanwhile refused this one, and shows the releases as they are', async () => {
    const stored = storedEvent()
    renderAdmin(<ManifestPanel event={event} />)
    const region = await panel()
    await within(region).findByText('Dealers')
    stored.releasedElsewhere()
    await userEvent.click(within(region).getByRole('button', { name: 'Release to vendor' }))
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Release the manifest' })).getByRole(
        'button',
        { name: 'Release' },
      ),
    )
    expect((await within(region).findByRole('alert')).textContent).toContain(
      'A release of this event was made meanwhile: look at it first.',
    )
    const releases = within(region).getByRole('table', { name: 'Releases of Spring Sales Event' })
    expect(await within(releases).findByRole('row', { name: /Release 2/ })).toBeTruthy()
  })

  it('takes an LMA dealer’s ship-to address, the server’s errors at their field', async () => {
    storedEvent()
    const SHIP_TO = `PUT /api/enrollments/${ENROLLMENT}/ship-to/444444`
    server().answer(SHIP_TO, {
      status: 400,
      body: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'The request is not valid.',
        errors: { postal: ['Enter the postal code.'] },
      },
    })
    renderAdmin(<ManifestPanel event={event} />)
    const region = await panel()
    await userEvent.click(
      await within(region).findByRole('button', { name: 'Enter address of BAC 444444' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Ship-to address of BAC 444444' })
    await userEvent.type(within(dialog).getByLabelText('Street address'), '9 Oak St')
    await userEvent.type(within(dialog).getByLabelText('City'), 'Flint')
    await userEvent.type(within(dialog).getByLabelText('State'), 'MI')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }))
    const postal = within(dialog).getByLabelText('Postal code')
    await waitFor(() => expect(postal.getAttribute('aria-invalid')).toBe('true'))
    expect(within(dialog).getByText('Enter the postal code.')).toBeTruthy()

    server().answer(SHIP_TO, ({ body }) =>
      ok({ ...(body as object), bac: '444444', source: 'office' }),
    )
    await userEvent.type(postal, '48502')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }))
    expect(await screen.findByText('The ship-to address of BAC 444444 is saved.')).toBeTruthy()
    expect(server().bodiesTo(SHIP_TO).at(-1)).toEqual({
      name: 'Dealer 444444',
      address: '9 Oak St',
      city: 'Flint',
      state: 'MI',
      postal: '48502',
      country: 'USA',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The manifest is asked for again, to show the row shipping.
    expect(server().requests.filter((each) => each.route === `GET ${MANIFEST}`).length).toBe(2)
  })

  it('downloads a release’s changes as Excel, named as the server names it', async () => {
    storedEvent()
    const FILE = `GET ${RELEASES}/1/file?format=xlsx&rows=changes`
    server().answer(FILE, ok('workbook'))
    const named: string[] = []
    const click = HTMLAnchorElement.prototype.click
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      named.push(this.download)
    }
    try {
      renderAdmin(<ManifestPanel event={event} />, 'read-only')
      const region = await panel()
      await userEvent.click(
        await within(region).findByRole('button', { name: 'Excel, changes only, release 1' }),
      )
      await waitFor(() => expect(named).toEqual(['CHEVY-2026-1-release-1-changes.xlsx']))
      expect(server().requests.filter((each) => each.route === FILE)).toHaveLength(1)
    } finally {
      HTMLAnchorElement.prototype.click = click
    }
  })

  it('shows a read-only user the manifest without Release', async () => {
    storedEvent()
    renderAdmin(<ManifestPanel event={event} />, 'read-only')
    const region = await panel()
    await within(region).findByText('Dealers')
    expect(within(region).queryByRole('button', { name: 'Release to vendor' })).toBeNull()
    expect(within(region).queryByRole('button', { name: /Enter address/ })).toBeNull()
  })
})
