// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ok, renderAdmin, withFakeServer } from '../admin/test-support/admin-screen'
import { TrackingUpload } from './tracking-upload'

/**
 * The vendor's tracking upload (docs/product.md#tracking-upload): a file with bad rows records
 * nothing and each row's errors are listed to correct; the corrected file says what it recorded.
 * Only the network is a stand-in (`fetch`, admin-screen.tsx), answering as the route would.
 */

const server = withFakeServer()

const UPLOAD = 'POST /api/shipping/tracking'

const csv = (text: string) => new File([text], 'tracking.csv', { type: 'text/csv' })

const refused = {
  status: 400,
  body: {
    type: 'about:blank',
    title: 'Bad Request',
    status: 400,
    detail: 'Nothing was recorded: 2 rows have errors. Correct the file and upload it again.',
    errors: {
      'row 10': ['The BAC 999999 is not on a released manifest of CHEVY-2026-1.'],
      'row 3': ['Enter the shipped date as YYYY-MM-DD.', 'Enter the carrier.'],
    },
  },
}

const section = () => screen.getByRole('region', { name: 'Upload tracking' })

describe('the tracking upload', () => {
  it('lists each bad row’s errors by row, then records the corrected file', async () => {
    server().answer(UPLOAD, refused)
    renderAdmin(<TrackingUpload />, 'fulfillment')
    await userEvent.upload(within(section()).getByLabelText('Tracking file'), csv('BAC,...'))
    await userEvent.click(within(section()).getByRole('button', { name: 'Upload' }))

    const errors = await within(section()).findByRole('list', { name: 'Errors in tracking.csv' })
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Row 3: Enter the shipped date as YYYY-MM-DD. Enter the carrier.',
      'Row 10: The BAC 999999 is not on a released manifest of CHEVY-2026-1.',
    ])
    expect(section().textContent).toContain('tracking.csv was not recorded.')
    expect(section().textContent).toContain(
      'Nothing was recorded: 2 rows have errors. Correct the file and upload it again.',
    )

    server().answer(UPLOAD, ok({ rows: 12, added: 11, unchanged: 1 }))
    await userEvent.upload(within(section()).getByLabelText('Tracking file'), csv('BAC,...'))
    await userEvent.click(within(section()).getByRole('button', { name: 'Upload' }))
    expect(
      await within(section()).findByText(
        '12 rows read: 11 shipments recorded now, 1 row already recorded.',
      ),
    ).toBeTruthy()
    expect(within(section()).queryByRole('list', { name: /Errors in/ })).toBeNull()
    expect(server().requests.filter((request) => request.route === UPLOAD)).toHaveLength(2)
  })

  it('says a refusal without rows, such as a file that is not a tracking file', async () => {
    server().answer(UPLOAD, {
      status: 415,
      body: {
        type: 'about:blank',
        title: 'Unsupported Media Type',
        status: 415,
        detail: 'Upload the tracking file as CSV (text/csv) or as an Excel workbook (.xlsx).',
      },
    })
    renderAdmin(<TrackingUpload />, 'fulfillment')
    await userEvent.upload(within(section()).getByLabelText('Tracking file'), csv('x'))
    await userEvent.click(within(section()).getByRole('button', { name: 'Upload' }))
    expect(
      await within(section()).findByText(
        'Upload the tracking file as CSV (text/csv) or as an Excel workbook (.xlsx).',
      ),
    ).toBeTruthy()
    expect(within(section()).queryByRole('list')).toBeNull()
  })

  it('asks for a file before sending anything', async () => {
    renderAdmin(<TrackingUpload />, 'fulfillment')
    await userEvent.click(within(section()).getByRole('button', { name: 'Upload' }))
    expect(within(section()).getByText('Choose the tracking file to upload.')).toBeTruthy()
    expect(server().requests).toEqual([])
  })
})
