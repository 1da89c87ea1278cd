// @vitest-environment happy-dom
import type { SavedEnrollment } from '@shared/enrollment/enrollment'
import type { LinkedEnrollment } from '@shared/enrollment/enrollment-authorization'
import { validLmaEnrollment } from '@shared/enrollment/test-support/fixtures'
import type { Invoice, InvoicePayment } from '@shared/invoice/invoice'
import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { ok, renderAdmin, withFakeServer } from '../test-support/admin-screen'
import { EditEnrollment } from './edit-enrollment'
import { EnrollmentDialog } from './enrollment-dialog'

/**
 * The enrollment dialog's edit form (docs/product.md#admin-area), as an administrator uses it:
 * an edit marks the form unsaved and holds the status actions back, Save asks first (and says
 * when it revises the invoice), closing with unsaved changes asks before it discards them. Only
 * the network is a stand-in (`fetch`, admin-screen.tsx), answering as the API would, with the
 * enrollment it keeps; every console.error fails a test (React's "Cannot update a component
 * while rendering a different component" among them).
 */

const server = withFakeServer()

const GUID = '6d0f6c38-2b8e-4a4e-9f57-1f1d6c0a0003'
const ENROLLMENT = `/api/enrollments/${GUID}`

/**
 * An Approved LMA of the current year (2026, TEST_CONFIG): two dealers with a Small kit and the
 * Hispanic add-on each, so invoice 2026-0003 bills $900.00.
 */
const approved: LinkedEnrollment = {
  ...validLmaEnrollment({ status: 'Approved', year: 2026, guid: GUID, regionId: 1 }),
  status: 'Approved',
  guid: GUID,
  reference: 'C81C-6061-6136',
  created: '2025-11-02T15:00:00.000Z',
  modified: '2025-11-03T15:00:00.000Z',
  version: 3,
  erased: null,
  authorized: null,
  sentBack: null,
}

const invoice: Invoice = {
  guid: GUID,
  enrollmentReference: approved.reference,
  invoiceNumber: '2026-0003',
  invoiceDate: '2025-12-01',
  invoiceTerms: 'Net 60',
  invoiceYear: 2026,
  invoiceBrand: 'chevy',
  billTo: { lines: ['Chicagoland Chevy Dealers'] },
  remitTo: { lines: ['POS Program'] },
  items: [
    { description: 'Small English Kit', quantity: 2, unitPrice: 325, subtotal: 650 },
    { description: 'Hispanic Add-On Kit', quantity: 2, unitPrice: 125, subtotal: 250 },
  ],
  subtotal: 900,
  grandTotal: 900,
  revision: 1,
  standing: 'live',
  voided: null,
  revisions: [{ revision: 1, invoiceDate: '2025-12-01', grandTotal: 900 }],
}

const payment: InvoicePayment = {
  invoiceNumber: '2026-0003',
  invoiceDate: '2025-12-01',
  dueDate: '2026-01-30',
  grandTotal: 900,
  paidOn: null,
  reference: null,
  overdue: false,
  revision: 1,
  standing: 'live',
  voidCause: null,
  creditDueBack: null,
  paidAmount: null,
  balance: 0,
}

/**
 * The server's side of the dialog: the enrollment it keeps (a save replaces what the form edits
 * and bumps its version), its regions, authorization, invoice and payment. Answers when each save was received.
 */
function enrollmentServer() {
  let stored = approved
  const savedAt: number[] = []
  server().answer(`GET ${ENROLLMENT}`, () => ok(stored))
  server().answer('GET /api/regions', ok([{ id: 1, name: 'Great Lakes' }]))
  server().answer(
    `GET ${ENROLLMENT}/authorization`,
    ok({
      requestedAt: '2025-11-02T15:00:00.000Z',
      remindersSent: 0,
      lastReminderAt: null,
      reminderAfterDays: 7,
      reminderMax: 3,
    }),
  )
  server().answer(`GET ${ENROLLMENT}/payment`, ok(payment))
  server().answer(`GET /api/invoices/${GUID}`, ok(invoice))
  server().answer(`POST ${ENROLLMENT}/update`, ({ body }) => {
    savedAt.push(performance.now())
    // What the form edits; the status, year and the rest stay the server's.
    const { regionId, lma, dealers } = body as SavedEnrollment
    stored = { ...stored, regionId, lma, dealers, version: stored.version + 1 }
    return ok(stored)
  })
  return { savedAt, stored: () => stored }
}

/** The dialog as the list opens it, and a button that opens it again once closed. */
function OpenedFromTheList() {
  const [open, setOpen] = useState(true)
  return open ? (
    <EnrollmentDialog guid={GUID} onClose={() => setOpen(false)} />
  ) : (
    <button type="button" onClick={() => setOpen(true)}>
      Open the enrollment
    </button>
  )
}

const UNSAVED =
  'Unsaved changes. Save or undo your changes to approve, re-authorize, decline or delete.'

const dialog = () => screen.findByRole('dialog', { name: 'Chicagoland Chevy Dealers - Approved' })
const unsavedNote = () => screen.queryByText('Unsaved changes.')?.parentElement ?? null
const contact = () => screen.getByLabelText(/^Contact Name/) as HTMLInputElement

describe('the edit form of the enrollment dialog', () => {
  it('marks the form unsaved on an edit: the actions wait, Save stays; undoing the edit clears it', async () => {
    const user = userEvent.setup()
    enrollmentServer()
    renderAdmin(<OpenedFromTheList />)
    const opened = await dialog()
    const save = within(opened).getByRole('button', { name: 'Save Changes' })
    const decline = within(opened).getByRole('button', { name: 'Decline' })
    expect(contact().value).toBe('Chris Contact')
    expect(unsavedNote()).toBeNull()
    expect(decline).toHaveProperty('disabled', false)
    expect(save).toHaveProperty('disabled', false)

    await user.type(contact(), 'ine')
    expect(unsavedNote()?.textContent).toBe(UNSAVED)
    expect(decline).toHaveProperty('disabled', true)
    expect(decline.getAttribute('aria-describedby')).toBe(unsavedNote()?.id)
    expect(save).toHaveProperty('disabled', false)

    await user.type(contact(), '{Backspace}{Backspace}{Backspace}')
    expect(contact().value).toBe('Chris Contact')
    expect(unsavedNote()).toBeNull()
    expect(decline).toHaveProperty('disabled', false)
  })

  it('asks before a save that revises the invoice, says how, and saves only on Save and revise', async () => {
    const user = userEvent.setup()
    const api = enrollmentServer()
    renderAdmin(<OpenedFromTheList />)
    const opened = await dialog()
    await user.selectOptions(screen.getByLabelText(/^English kit size, dealer 2/), 'Large')
    expect(unsavedNote()?.textContent).toBe(UNSAVED)

    await user.click(within(opened).getByRole('button', { name: 'Save Changes' }))
    let question = await screen.findByRole('dialog', { name: 'Revise the invoice?' })
    expect(within(question).getByRole('paragraph').textContent).toBe(
      'Saving revises invoice 2026-0003: revision 2 for $975.00 replaces revision 1 for $900.00, and mails it to billing@example.com.',
    )
    // It opens on Cancel, the answer that changes nothing.
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' }))
    await user.click(within(question).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog', { name: 'Revise the invoice?' })).toBeNull()
    // Longer than a save takes to be sent: nothing is.
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(api.savedAt).toEqual([])
    expect(unsavedNote()?.textContent).toBe(UNSAVED)

    await user.click(within(opened).getByRole('button', { name: 'Save Changes' }))
    question = await screen.findByRole('dialog', { name: 'Revise the invoice?' })
    await user.click(within(question).getByRole('button', { name: 'Save and revise' }))
    expect(await screen.findByText('Changes saved.')).toBeTruthy()
    expect(api.stored().dealers[1]?.kitSize).toBe('Large')
    expect(server().bodiesTo(`POST ${ENROLLMENT}/update`)).toMatchObject([{ version: 3 }])
    await waitFor(() => expect(unsavedNote()).toBeNull())
    expect(within(opened).getByRole('button', { name: 'Decline' })).toHaveProperty(
      'disabled',
      false,
    )
  })

  it('asks the plain question before a save that leaves the invoice as it is', async () => {
    const user = userEvent.setup()
    const api = enrollmentServer()
    renderAdmin(<OpenedFromTheList />)
    const opened = await dialog()
    await user.type(contact(), 'ine')
    await user.click(within(opened).getByRole('button', { name: 'Save Changes' }))
    const question = await screen.findByRole('dialog', { name: 'Please confirm' })
    expect(question.textContent).toContain('Save the changes to this enrollment?')
    await user.click(within(question).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Changes saved.')).toBeTruthy()
    expect(api.stored().lma?.contact).toBe('Chris Contactine')
    await waitFor(() => expect(unsavedNote()).toBeNull())
  })

  it('sends a save 50 ms after the Yes, the spec’s wait', async () => {
    const user = userEvent.setup()
    const api = enrollmentServer()
    renderAdmin(<OpenedFromTheList />)
    const opened = await dialog()
    const saveAnEdit = async () => {
      await user.type(contact(), 'e')
      await user.click(within(opened).getByRole('button', { name: 'Save Changes' }))
      const question = await screen.findByRole('dialog', { name: 'Please confirm' })
      const agreedAt = performance.now()
      await user.click(within(question).getByRole('button', { name: 'Yes' }))
      await waitFor(() => expect(unsavedNote()).toBeNull())
      return (api.savedAt.at(-1) ?? 0) - agreedAt
    }
    // The first save also loads the form's checks; the second is timed.
    await saveAnEdit()
    // "Save actions wait 50 ms before submitting" (docs/product.md#constants).
    expect(await saveAnEdit()).toBeGreaterThanOrEqual(49)
    expect(api.savedAt).toHaveLength(2)
  })

  it('asks before closing with unsaved changes: No keeps the edit, Yes discards it', async () => {
    const user = userEvent.setup()
    const api = enrollmentServer()
    renderAdmin(<OpenedFromTheList />)
    let opened = await dialog()
    await user.type(contact(), 'ine')

    await user.click(within(opened).getByRole('button', { name: 'Close' }))
    let question = await screen.findByRole('dialog', { name: 'Please confirm' })
    expect(question.textContent).toContain(
      'You have unsaved changes. Do you really want to close without saving them?',
    )
    await user.click(within(question).getByRole('button', { name: 'No' }))
    expect(contact().value).toBe('Chris Contactine')

    await user.click(within(opened).getByRole('button', { name: 'Close' }))
    question = await screen.findByRole('dialog', { name: 'Please confirm' })
    await user.click(within(question).getByRole('button', { name: 'Yes' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(api.savedAt).toEqual([])

    // Opened again, it shows the enrollment as saved.
    await user.click(screen.getByRole('button', { name: 'Open the enrollment' }))
    opened = await dialog()
    expect(contact().value).toBe('Chris Contact')
    expect(unsavedNote()).toBeNull()
    // And closes at once: there is nothing to lose.
    await user.click(within(opened).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('tells its owner when it becomes unsaved after rendering, not while (the owner may keep it in state)', async () => {
    const user = userEvent.setup()
    enrollmentServer()
    function Owner() {
      const [dirty, setDirty] = useState(false)
      return (
        <>
          <p>{dirty ? 'The owner knows of unsaved changes.' : 'The owner knows of none.'}</p>
          <EditEnrollment
            loaded={approved}
            onSaved={() => {}}
            onStatus={() => {}}
            onDirty={setDirty}
            close={() => {}}
          />
        </>
      )
    }
    renderAdmin(<Owner />)
    expect(screen.getByText('The owner knows of none.')).toBeTruthy()
    await user.type(contact(), 'ine')
    expect(await screen.findByText('The owner knows of unsaved changes.')).toBeTruthy()
    await user.type(contact(), '{Backspace}{Backspace}{Backspace}')
    expect(await screen.findByText('The owner knows of none.')).toBeTruthy()
    // React says "Cannot update a component while rendering a different component" on
    // console.error, which fails the test (withFakeServer).
  })
})
