// @vitest-environment happy-dom
import type { InvoicePayment } from '@shared/invoice/invoice'
import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminKeys } from '../query/admin-keys'
import {
  type FakeAnswer,
  ok,
  problem,
  renderAdmin,
  withFakeServer,
} from '../test-support/admin-screen'
import { PaymentPanel } from './payment-panel'

/**
 * The payment panel of an LMA's invoice (docs/product.md#office-workflow): live, under revision
 * and void, as an administrator sees and uses it. Only the network is a stand-in: `fetch` is the
 * fake server of admin-screen.tsx, which keeps the payment as the server would; the panel, the
 * API client, the query cache, the toasts and the confirmation are the product's own.
 */

const GUID = '6d0f6c38-2b8e-4a4e-9f57-1f1d6c0a0001'
const PAYMENT = `/api/enrollments/${GUID}/payment`

/** Invoice 2026-0003 of Dec 1, 2025 for $900.00, live and unpaid. */
const live: InvoicePayment = {
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

const server = withFakeServer()

/**
 * The server's payment: GET answers it, Mark Paid and Mark Unpaid change it (or `refuse` answers
 * instead, once), as the routes do.
 */
function storedPayment(initial: InvoicePayment, refuse?: () => FakeAnswer) {
  let stored = initial
  let refusal = refuse
  server().answer(`GET ${PAYMENT}`, () => ok(stored))
  server().answer(`POST ${PAYMENT}`, ({ body }) => {
    if (refusal) {
      const answer = refusal()
      refusal = undefined
      return answer
    }
    const { paidOn, reference } = body as { paidOn: string; reference: string }
    stored = { ...stored, paidOn, reference: reference || null }
    return ok(stored)
  })
  server().answer(`POST ${PAYMENT}/clear`, () => {
    stored = { ...stored, paidOn: null, reference: null, creditDueBack: null }
    return ok(stored)
  })
  return {
    set: (next: InvoicePayment) => {
      stored = next
    },
  }
}

const panel = () => screen.findByRole('region', { name: 'Invoice payment' })

/** The Payment line: the state word, and when and how it was paid. */
const paymentLine = (region: HTMLElement) =>
  within(region).getByText('Payment').nextElementSibling as HTMLElement

describe('the payment panel of a live invoice', () => {
  it('shows the invoice, its link, its due date and Unpaid', async () => {
    storedPayment(live)
    renderAdmin(<PaymentPanel guid={GUID} />)
    const region = await panel()
    const link = within(region).getByRole('link', { name: 'Invoice 2026-0003' })
    expect(link.getAttribute('href')).toBe(`/invoice/${GUID}`)
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.parentElement?.textContent).toBe('Invoice 2026-0003 of Dec 1, 2025, $900.00')
    expect(within(region).getByText('Due').nextElementSibling?.textContent).toBe('Jan 30, 2026')
    expect(paymentLine(region).textContent).toBe('Unpaid')
    // A live invoice has no sentence of its own.
    expect(within(region).queryByText(/Under revision|Void|Credit due back/)).toBeNull()
  })

  it('marks it paid: the payment shows as paid, a toast says so and the keyboard goes to it', async () => {
    const user = userEvent.setup()
    storedPayment(live)
    renderAdmin(<PaymentPanel guid={GUID} />)
    const region = await panel()

    const paidOn = within(region).getByLabelText('Paid on')
    await user.clear(paidOn)
    await user.type(paidOn, '2025-12-15')
    await user.type(within(region).getByLabelText(/^Reference/), 'CHK 1042')
    await user.click(within(region).getByRole('button', { name: 'Mark Paid' }))

    expect((await screen.findByRole('status')).textContent).toContain(
      'Invoice 2026-0003 is marked paid.',
    )
    expect(server().bodiesTo(`POST ${PAYMENT}`)).toEqual([
      { paidOn: '2025-12-15', reference: 'CHK 1042' },
    ])
    await waitFor(() =>
      expect(paymentLine(region).textContent).toBe('Paid on Dec 15, 2025, reference CHK 1042'),
    )
    expect(within(region).queryByRole('button', { name: 'Mark Paid' })).toBeNull()
    expect(within(region).queryByLabelText('Paid on')).toBeNull()
    expect(within(region).getByRole('button', { name: 'Mark Unpaid' })).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(paymentLine(region)))
  })

  it('marks it unpaid again only once the administrator says Yes', async () => {
    const user = userEvent.setup()
    storedPayment({ ...live, paidOn: '2025-12-15', reference: 'CHK 1042' })
    renderAdmin(<PaymentPanel guid={GUID} />)
    const region = await panel()
    expect(paymentLine(region).textContent).toBe('Paid on Dec 15, 2025, reference CHK 1042')

    await user.click(within(region).getByRole('button', { name: 'Mark Unpaid' }))
    const question = await screen.findByRole('dialog', { name: 'Please confirm' })
    expect(within(question).getByText('Mark invoice 2026-0003 unpaid again?')).toBeTruthy()
    // The confirmation opens on No, the answer that changes nothing.
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'No' }))
    await user.click(within(question).getByRole('button', { name: 'No' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(server().bodiesTo(`POST ${PAYMENT}/clear`)).toEqual([])
    expect(paymentLine(region).textContent).toBe('Paid on Dec 15, 2025, reference CHK 1042')

    await user.click(within(region).getByRole('button', { name: 'Mark Unpaid' }))
    await user.click(await screen.findByRole('button', { name: 'Yes' }))
    expect((await screen.findByRole('status')).textContent).toContain(
      'Invoice 2026-0003 is marked unpaid.',
    )
    expect(server().bodiesTo(`POST ${PAYMENT}/clear`)).toHaveLength(1)
    await waitFor(() => expect(paymentLine(region).textContent).toBe('Unpaid'))
    expect(within(region).getByRole('button', { name: 'Mark Paid' })).toBeTruthy()
  })

  it('says under the date what the server refused, and records nothing', async () => {
    const user = userEvent.setup()
    storedPayment(live, () => ({
      ...problem(400, 'The request has errors.'),
      body: {
        ...(problem(400, 'The request has errors.').body as object),
        errors: { paidOn: ['The payment date cannot be before the invoice date.'] },
      },
    }))
    renderAdmin(<PaymentPanel guid={GUID} />)
    const region = await panel()
    await user.click(within(region).getByRole('button', { name: 'Mark Paid' }))
    const error = await within(region).findByRole('alert')
    expect(error.textContent).toBe('The payment date cannot be before the invoice date.')
    expect(within(region).getByLabelText('Paid on').getAttribute('aria-invalid')).toBe('true')
    expect(paymentLine(region).textContent).toBe('Unpaid')
    expect(within(region).getByRole('button', { name: 'Mark Paid' })).toHaveProperty(
      'disabled',
      false,
    )
  })

  it('shows the payment as it now stands when another administrator changed it first (409)', async () => {
    const user = userEvent.setup()
    const payment = storedPayment(live, () => {
      payment.set({ ...live, paidOn: '2025-12-10', reference: 'WIRE 77' })
      return problem(409, 'Invoice 2026-0003 was marked paid meanwhile.')
    })
    renderAdmin(<PaymentPanel guid={GUID} />)
    const region = await panel()
    await user.click(within(region).getByRole('button', { name: 'Mark Paid' }))
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'Invoice 2026-0003 was marked paid meanwhile.',
    )
    await waitFor(() =>
      expect(paymentLine(region).textContent).toBe('Paid on Dec 10, 2025, reference WIRE 77'),
    )
    expect(screen.queryByText('Invoice 2026-0003 is marked paid.')).toBeNull()
  })

  it('offers no button to a read-only role', async () => {
    storedPayment(live)
    renderAdmin(<PaymentPanel guid={GUID} />, 'read-only')
    const region = await panel()
    expect(paymentLine(region).textContent).toBe('Unpaid')
    expect(within(region).queryByRole('button')).toBeNull()
    expect(within(region).queryByLabelText('Paid on')).toBeNull()
  })

  it('shows no panel for an LMA without an invoice (404), and no failure either', async () => {
    server().answer(`GET ${PAYMENT}`, problem(404, 'This enrollment has no invoice.'))
    const { client, container } = renderAdmin(<PaymentPanel guid={GUID} />)
    await waitFor(() => expect(client.getQueryState(adminKeys.invoice(GUID))?.status).toBe('error'))
    expect(container.textContent).toBe('')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('the payment panel of an invoice under revision', () => {
  it('says so, names its revision, and still takes a payment', async () => {
    storedPayment({ ...live, revision: 2, standing: 'under-revision', overdue: true })
    renderAdmin(<PaymentPanel guid={GUID} />)
    const region = await panel()
    expect(
      within(region).getByText(
        'Under revision: the enrollment was sent back to its representative. This invoice stays due until a revision replaces it.',
      ),
    ).toBeTruthy()
    expect(within(region).getByRole('link', { name: 'Invoice 2026-0003, revision 2' })).toBeTruthy()
    expect(within(region).getByText('Due').nextElementSibling?.textContent).toBe('Jan 30, 2026')
    expect(paymentLine(region).textContent).toBe('Overdue')
    expect(within(region).getByRole('button', { name: 'Mark Paid' })).toHaveProperty(
      'disabled',
      false,
    )
  })
})

describe('the payment panel of a void invoice', () => {
  it('says nothing is due and offers no Mark Paid', async () => {
    storedPayment({ ...live, standing: 'void', voidCause: 'declined' })
    renderAdmin(<PaymentPanel guid={GUID} />)
    const region = await panel()
    expect(
      within(region).getByText('Void: the enrollment was declined. Nothing is due.'),
    ).toBeTruthy()
    expect(paymentLine(region).textContent).toBe('Nothing is due')
    expect(within(region).queryByText('Due')).toBeNull()
    expect(within(region).queryByRole('button')).toBeNull()
  })

  it('shows a payment received before the void as a credit due back, cleared once refunded', async () => {
    const user = userEvent.setup()
    storedPayment({
      ...live,
      standing: 'void',
      voidCause: 'declined',
      paidOn: '2025-12-15',
      reference: 'CHK 1042',
      creditDueBack: 900,
    })
    renderAdmin(<PaymentPanel guid={GUID} />)
    const region = await panel()
    expect(
      within(region).getByText('Void: the enrollment was declined. Nothing is due.'),
    ).toBeTruthy()
    expect(
      within(region).getByText(
        'Credit due back: the payment of $900.00 received on Dec 15, 2025 is owed back to the LMA.',
      ),
    ).toBeTruthy()
    expect(paymentLine(region).textContent).toBe('Paid on Dec 15, 2025, reference CHK 1042')
    expect(within(region).queryByRole('button', { name: 'Mark Paid' })).toBeNull()

    await user.click(within(region).getByRole('button', { name: 'Mark Unpaid: refunded' }))
    const question = await screen.findByRole('dialog', { name: 'Please confirm' })
    expect(question.textContent).toContain(
      'Mark void invoice 2026-0003 unpaid: its payment of $900.00 was refunded to the LMA?',
    )
    await user.click(within(question).getByRole('button', { name: 'Yes' }))
    expect((await screen.findByRole('status')).textContent).toContain(
      'Invoice 2026-0003 is marked unpaid: its credit was refunded.',
    )
    await waitFor(() => expect(paymentLine(region).textContent).toBe('Nothing is due'))
    expect(within(region).queryByText(/Credit due back/)).toBeNull()
    expect(within(region).queryByRole('button')).toBeNull()
  })
})
