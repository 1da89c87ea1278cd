// @vitest-environment happy-dom
import { formatDateTime } from '@shared/format/date-text'
import type { EnrollmentMail } from '@shared/office/office-schemas'
import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ok, problem, renderAdmin, withFakeServer } from '../test-support/admin-screen'
import { FOLLOW_MS, MailsPanel } from './mails-panel'

/**
 * The Mails panel of an enrollment (docs/product.md#office-workflow): the mails about it, whether
 * each reached the relay, and Send Again for one that did not, followed until it settles. Only
 * the network is a stand-in (`fetch`, admin-screen.tsx), answering as the mail routes would.
 */

const server = withFakeServer()

const GUID = '6d0f6c38-2b8e-4a4e-9f57-1f1d6c0a0002'
const MAILS = `/api/enrollments/${GUID}/mails`

const mail = (id: string, overrides: Partial<EnrollmentMail>): EnrollmentMail => ({
  id,
  kind: 'submission-receipt',
  recipient: 'robin@example.com',
  subject: 'Your enrollment',
  status: 'sent',
  attempts: 1,
  lastError: null,
  queuedAt: '2025-11-02T15:00:00.000Z',
  sentAt: '2025-11-02T15:00:05.000Z',
  nextAttemptAt: null,
  ...overrides,
})

const receipt = mail('m1', {})
const request = mail('m2', {
  kind: 'authorization-request',
  recipient: 'rep@example.com',
  status: 'failed',
  attempts: 5,
  lastError: '550 mailbox unavailable',
  sentAt: null,
})

/** Opens the panel as a user does: a click on its summary. */
async function openMails(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByText('Mails'))
  return screen.findByRole('table', { name: 'Mails about this enrollment' })
}

const rowOf = (table: HTMLElement, kind: string) =>
  within(table).getByRole('rowheader', { name: kind }).closest('tr') as HTMLElement
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

describe('the Mails panel', () => {
  it('asks for nothing until it is opened, then lists each mail and how it went', async () => {
    const user = userEvent.setup()
    server().answer(`GET ${MAILS}`, ok([receipt, request]))
    renderAdmin(<MailsPanel guid={GUID} />)
    expect(screen.getByText('Mails')).toBeTruthy()
    expect(server().requests).toEqual([])

    const table = await openMails(user)
    expect(cells(rowOf(table, 'Submission receipt'))).toEqual([
      'robin@example.com',
      'Sent',
      '1',
      formatDateTime('2025-11-02T15:00:05.000Z'),
      '',
    ])
    expect(cells(rowOf(table, 'Authorization request'))).toEqual([
      'rep@example.com',
      'Failed550 mailbox unavailable',
      '5',
      '—',
      'Send Again',
    ])
    // Only the mail that did not reach the relay can be sent again.
    expect(within(table).getAllByRole('button', { name: /again$/ })).toHaveLength(1)
  })

  it('says when there is no mail', async () => {
    const user = userEvent.setup()
    server().answer(`GET ${MAILS}`, ok([]))
    renderAdmin(<MailsPanel guid={GUID} />)
    await user.click(screen.getByText('Mails'))
    expect(await screen.findByText('No mails about this enrollment.')).toBeTruthy()
  })

  it('sends a failed mail again, and follows it until it is sent', async () => {
    const user = userEvent.setup()
    let mails = [receipt, request]
    server().answer(`GET ${MAILS}`, () => ok(mails))
    server().answer(`POST ${MAILS}/m2/send-again`, () => {
      mails = [receipt, { ...request, status: 'queued', lastError: null }]
      return ok(mails[1])
    })
    renderAdmin(<MailsPanel guid={GUID} />)
    const table = await openMails(user)

    await user.click(
      within(table).getByRole('button', {
        name: 'Send the authorization request to rep@example.com again',
      }),
    )
    expect((await screen.findByRole('status')).textContent).toContain(
      'Authorization request to rep@example.com will be sent again.',
    )
    const row = rowOf(table, 'Authorization request')
    expect(cells(row)[1]).toBe('Queued')
    expect(within(row).queryByRole('button')).toBeNull()
    // The keyboard goes to the mail's status, the button being gone.
    await waitFor(() => expect(document.activeElement).toBe(within(row).getAllByRole('cell')[1]))

    // The relay takes it: the next look finds it sent, and says so.
    mails = [
      receipt,
      { ...request, status: 'sent', attempts: 6, lastError: null, sentAt: receipt.sentAt },
    ]
    expect(
      await screen.findByText(
        'Authorization request to rep@example.com was sent.',
        {},
        { timeout: FOLLOW_MS * 3 },
      ),
    ).toBeTruthy()
    await waitFor(() => expect(cells(rowOf(table, 'Authorization request'))[1]).toBe('Sent'))
  })

  it('says in a toast why a mail could not be sent again', async () => {
    const user = userEvent.setup()
    server().answer(`GET ${MAILS}`, ok([request]))
    server().answer(`POST ${MAILS}/m2/send-again`, problem(409, 'This mail is being sent already.'))
    renderAdmin(<MailsPanel guid={GUID} />)
    const table = await openMails(user)
    await user.click(within(table).getByRole('button', { name: /again$/ }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This mail is being sent already.',
    )
  })

  it('offers no Send Again, and no Action column, to a read-only role', async () => {
    const user = userEvent.setup()
    server().answer(`GET ${MAILS}`, ok([request]))
    renderAdmin(<MailsPanel guid={GUID} />, 'read-only')
    const table = await openMails(user)
    expect(within(table).queryByRole('button')).toBeNull()
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((each) => each.textContent),
    ).toEqual(['Mail', 'To', 'Status', 'Attempts', 'Sent'])
  })
})
