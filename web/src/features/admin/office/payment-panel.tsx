import { formatDate } from '@shared/format/date-text'
import { formatDollars } from '@shared/format/money-text'
import {
  creditDueBackSentence,
  invoiceStandingSentence,
  paymentStateWords,
} from '@shared/format/status-words'
import { invoiceName } from '@shared/invoice/invoice'
import { OFFICE_LIMITS } from '@shared/office/office-limits'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useConfirm } from '../../../components/ui/confirm'
import { focusWhenRendered } from '../../../components/ui/move-focus'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { useChanged } from '../query/admin-changes'
import { adminKeys } from '../query/admin-keys'
import { QueryView, reloading } from '../query/query-view'
import { useMay } from '../staff-access'
import { fieldErrorText } from './field-error'
import { getPayment, type InvoicePayment, markPaid, markUnpaid } from './office-calls'

/** Today in the administrator's calendar, YYYY-MM-DD (the date input's format). */
function localToday(): string {
  const now = new Date()
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/**
 * An LMA's invoice and its payment (docs/product.md#office-workflow), once it has one: live, under
 * revision while the enrollment is sent back, or void after a decline; its revision from the
 * second on; due date, paid on and reference, or Unpaid / Overdue; marking it paid or unpaid
 * again, for a role that may. A void invoice takes no payment; one recorded before it was voided
 * is a credit due back, cleared with Mark Unpaid once refunded. An LMA without an invoice (404)
 * shows no panel at all.
 */
export function PaymentPanel({ guid }: { guid: string }) {
  const client = useQueryClient()
  const changed = useChanged()
  const payment = useQuery({
    queryKey: adminKeys.invoice(guid),
    queryFn: ({ signal }) => getPayment(guid, signal),
  })
  // Not invoiced (never approved): nothing to show, and no failure either.
  if (payment.error instanceof ApiError && payment.error.status === 404) return null
  // Until the first answer, no panel: most LMAs that are not Approved have no invoice.
  if (payment.data === undefined && !payment.isError) return null
  return (
    <section
      className="history office-panel"
      aria-labelledby={`${guid}-payment`}
      aria-busy={reloading(payment)}
    >
      <h3 id={`${guid}-payment`} className="office-panel__title">
        Invoice payment
      </h3>
      <QueryView query={payment} failed="The invoice could not be loaded.">
        {(loaded) => (
          <PaymentState
            guid={guid}
            payment={loaded}
            onChange={(answer) => {
              // The answer is the payment as it now stands (null: ask again, it changed meanwhile).
              if (answer) client.setQueryData(adminKeys.invoice(guid), answer)
              void changed({ action: 'payment', guid })
            }}
          />
        )}
      </QueryView>
    </section>
  )
}

function PaymentState({
  guid,
  payment,
  onChange,
}: {
  guid: string
  payment: InvoicePayment
  onChange(payment: InvoicePayment | null): void
}) {
  const id = useId()
  const toast = useToast()
  const confirm = useConfirm()
  const mayChange = useMay('change')
  const [paidOn, setPaidOn] = useState(localToday)
  const [reference, setReference] = useState('')
  const [errors, setErrors] = useState<{ paidOn?: string; reference?: string }>({})
  const [busy, setBusy] = useState(false)
  // Why the payment shown is not what was asked for (another administrator changed it first).
  const [conflict, setConflict] = useState('')
  const state = paymentStateWords(payment)
  const isVoid = payment.standing === 'void'
  // Paid for an earlier, smaller revision: the balance is due, and Mark Paid records the whole.
  const partPaid = payment.paidOn !== null && !isVoid && payment.balance > 0
  const standing = invoiceStandingSentence(payment)
  const credit =
    payment.creditDueBack !== null && payment.paidOn
      ? creditDueBackSentence(Math.round(payment.creditDueBack * 100), payment.paidOn)
      : null
  const name = invoiceName(payment.invoiceNumber, payment.revision)
  const stateId = `${id}-state`
  // The keyboard goes to the payment as it now stands, not to the page's body, once the button
  // that was pressed is gone (Mark Paid and Mark Unpaid take each other's place).
  const focusState = () => focusWhenRendered(() => document.getElementById(stateId))

  /** A 409: the invoice changed meanwhile. Says so, and shows the payment as it now stands. */
  const showConflict = async (caught: unknown): Promise<boolean> => {
    if (!(caught instanceof ApiError && caught.status === 409)) return false
    setConflict(caught.message)
    onChange(null)
    return true
  }
  const pay = async () => {
    setBusy(true)
    setErrors({})
    setConflict('')
    try {
      onChange(await markPaid(guid, paidOn, reference))
      toast.success(`Invoice ${payment.invoiceNumber} is marked paid.`)
      focusState()
    } catch (caught) {
      if (await showConflict(caught)) return
      setErrors({
        paidOn: fieldErrorText(caught, 'paidOn', 'The payment could not be recorded.'),
      })
    } finally {
      setBusy(false)
    }
  }
  const unpay = async () => {
    const question = isVoid
      ? `Mark void invoice ${payment.invoiceNumber} unpaid: its payment of ${formatDollars(payment.grandTotal)} was refunded to the LMA?`
      : `Mark invoice ${payment.invoiceNumber} unpaid again?`
    if (!(await confirm(question))) return
    setBusy(true)
    setConflict('')
    try {
      onChange(await markUnpaid(guid))
      toast.success(
        isVoid
          ? `Invoice ${payment.invoiceNumber} is marked unpaid: its credit was refunded.`
          : `Invoice ${payment.invoiceNumber} is marked unpaid.`,
      )
      focusState()
    } catch (caught) {
      if (await showConflict(caught)) return
      toast.error(caught instanceof Error ? caught.message : 'The payment could not be changed.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      {(standing || credit) && (
        <div className={`banner payment__standing${isVoid ? ' banner--warning' : ''}`}>
          {standing && <p className="payment__line">{standing}</p>}
          {credit && <p className="payment__line payment__credit">{credit}</p>}
        </div>
      )}
      <dl className="payment__facts">
        <dt>Invoice</dt>
        <dd>
          {/* biome-ignore lint/security/noBlankTarget: a page of this site, opened with an opener
              so that it starts with this tab's sign-in (session storage), as View Invoice */}
          <a href={`/invoice/${guid}`} target="_blank" rel="opener">
            {name}
          </a>{' '}
          of {formatDate(payment.invoiceDate)}, {formatDollars(payment.grandTotal)}
        </dd>
        {!isVoid && (
          <>
            <dt>Due</dt>
            <dd>{formatDate(payment.dueDate)}</dd>
          </>
        )}
        <dt>Payment</dt>
        <dd id={stateId} tabIndex={-1} className="payment__state">
          {isVoid && !payment.paidOn ? (
            <span className="payment-state">Nothing is due</span>
          ) : (
            <span className={`payment-state payment-state--${state.toLowerCase()}`}>{state}</span>
          )}
          {payment.paidOn && partPaid && payment.paidAmount !== null
            ? `: ${formatDollars(payment.paidAmount)} received on ${formatDate(payment.paidOn)} for an earlier revision, ${formatDollars(payment.balance)} still due`
            : payment.paidOn && ` on ${formatDate(payment.paidOn)}`}
          {payment.reference && `, reference ${payment.reference}`}
        </dd>
      </dl>
      {conflict && (
        <p className="payment__conflict" role="alert">
          {conflict}
        </p>
      )}
      {!mayChange ? null : payment.paidOn && !partPaid ? (
        <button type="button" className="button" disabled={busy} onClick={() => void unpay()}>
          {isVoid ? 'Mark Unpaid: refunded' : 'Mark Unpaid'}
        </button>
      ) : isVoid ? null : (
        <div className="payment__form">
          <div className={`field${errors.paidOn ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={`${id}-paid-on`}>
              Paid on
            </label>
            <input
              id={`${id}-paid-on`}
              className="field__input"
              type="date"
              value={paidOn}
              min={payment.invoiceDate}
              max={localToday()}
              aria-invalid={errors.paidOn ? true : undefined}
              aria-describedby={errors.paidOn ? `${id}-paid-on-error` : undefined}
              onChange={(event) => setPaidOn(event.target.value)}
            />
            {errors.paidOn && (
              <p id={`${id}-paid-on-error`} className="field__error" role="alert">
                {errors.paidOn}
              </p>
            )}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-reference`}>
              Reference <span className="field__suffix">(optional: check or transfer number)</span>
            </label>
            <input
              id={`${id}-reference`}
              className="field__input"
              value={reference}
              maxLength={OFFICE_LIMITS.paymentReference}
              onChange={(event) => setReference(event.target.value)}
            />
          </div>
          <button type="button" className="button" disabled={busy} onClick={() => void pay()}>
            Mark Paid
          </button>
        </div>
      )}
    </>
  )
}
