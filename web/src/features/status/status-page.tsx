import type { StatusPage, StatusPageInvoice } from '@shared/enrollment/status-page-schema'
import { brandDisplayName } from '@shared/format/brand-name'
import { formatDate } from '@shared/format/date-text'
import { formatDollars } from '@shared/format/money-text'
import {
  creditDueBackSentence,
  invoiceStandingSentence,
  paymentStateWords,
  sentBackWords,
  statusPageWords,
  TIMELINE_WORDS,
} from '@shared/format/status-words'
import { invoiceFilename } from '@shared/invoice/invoice'
import { trackingUrl } from '@shared/shipping/carriers'
import {
  inStoreWords,
  notShippedWords,
  SHIPMENTS_HEADING,
  type ShipmentFacts,
  shippedWordsParts,
} from '@shared/shipping/shipment-words'
import { useEffect, useId, useState } from 'react'
import { PleaseWait } from '../../components/ui/please-wait'
import { usePageTitle } from '../../lib/page-title'
import { useConfig } from '../config/config-context'
import { ProgramOfficeContact } from '../config/program-office-contact'
import { InvoiceDocument } from '../invoice/invoice-document'
import { getStatusInvoice, statusInvoicePdfUrl } from './status-calls'

/**
 * The enrollee's status page (docs/product.md#status-page): one enrollment as its status link
 * opens it, a send-back, its dealers and kits, a timeline, and an LMA's invoice with its payment
 * once invoiced (live, under revision or void).
 */
export function StatusPageView({ token, page }: { token: string; page: StatusPage }) {
  usePageTitle('Enrollment Status')
  const { brands } = useConfig()
  const id = useId()
  const program = `${page.year} ${brandDisplayName(brands, page.brand)} Dealer Funded POS Program`
  const typeWords = page.type === 'Lma' ? 'LMA' : 'Dealer'
  return (
    <div className="status-page stack">
      <p className="lead">
        The {program} enrollment for {page.name}.
      </p>
      <dl className="status-page__facts">
        <div>
          <dt>Reference</dt>
          <dd>{page.reference}</dd>
        </div>
        <div>
          <dt>Enrollment</dt>
          <dd>{typeWords}</dd>
        </div>
        <div>
          <dt>{page.type === 'Lma' ? 'LMA' : 'Dealer'}</dt>
          <dd>{page.name}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className="status-page__status">
              {statusPageWords(page.status, page.representative)}
            </span>
            {/* The office chose to show why (docs/product.md#status-page); text, never markup. */}
            {page.declineReason && (
              <span className="status-page__reason">
                The program office’s reason: {page.declineReason}
              </span>
            )}
            {page.sentBack && <SentBack sentBack={page.sentBack} />}
          </dd>
        </div>
      </dl>

      <Dealers page={page} labelId={`${id}-dealers`} />

      {page.salesEvents.length > 0 && <Shipments page={page} labelId={`${id}-shipments`} />}

      <section className="status-page__section" aria-labelledby={`${id}-timeline`}>
        <h2 id={`${id}-timeline`} className="form-section__title">
          Timeline
        </h2>
        <ol className="status-page__timeline">
          {page.timeline.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the timeline is shown as answered, oldest first
            <li key={index}>
              <span className="status-page__when">{formatDate(step.at)}</span>{' '}
              {TIMELINE_WORDS[step.event]}
            </li>
          ))}
        </ol>
      </section>

      {page.invoice && <StatusInvoice token={token} labelId={`${id}-invoice`} />}

      <section className="status-page__section" aria-labelledby={`${id}-contact`}>
        <h2 id={`${id}-contact`} className="form-section__title">
          Questions?
        </h2>
        <p>
          Please contact the program office at <ProgramOfficeContact /> and quote the reference{' '}
          <span className="status-page__reference">{page.reference}</span>.
        </p>
        <p className="status-page__note">
          This link works until {formatDate(page.linkExpiresAt)}. Anyone who has it can see this
          page, so please do not forward it.
        </p>
      </section>
    </div>
  )
}

/** Sent back to the representative: the line and the office's reason, as the authorization view says them. */
function SentBack({ sentBack }: { sentBack: NonNullable<StatusPage['sentBack']> }) {
  const words = sentBackWords(sentBack)
  return (
    <>
      <span className="status-page__reason">{words.line}</span>
      {words.reason && <span className="status-page__reason">{words.reason}</span>}
    </>
  )
}

/**
 * The dealers and the kits they get, counted by the program's one definition. A declined
 * enrollment orders none: it says so, and lists the dealers it named without a column of zeros.
 */
function Dealers({ page, labelId }: { page: StatusPage; labelId: string }) {
  const declined = page.status === 'Declined'
  return (
    <section className="status-page__section" aria-labelledby={labelId}>
      <h2 id={labelId} className="form-section__title">
        {declined ? 'Dealers' : 'Dealers and kits ordered'}
      </h2>
      {declined ? (
        <p>
          This enrollment was declined, so no kits ship.{' '}
          {page.dealers.length === 1
            ? 'The dealer it named:'
            : `The ${page.dealers.length} dealers it named:`}
        </p>
      ) : (
        <p>
          {page.dealerCount} {page.dealerCount === 1 ? 'dealer' : 'dealers'}, {page.kitCount}{' '}
          {page.kitCount === 1 ? 'kit' : 'kits'}.
        </p>
      )}
      <div className="status-page__table-frame">
        <table className="status-page__table">
          <thead>
            <tr>
              <th scope="col">BAC</th>
              <th scope="col">Dealer</th>
              {!declined && (
                <th scope="col" className="status-page__kits">
                  Kits
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {page.dealers.map((dealer, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are shown as stored, in their order
              <tr key={index}>
                <td>{dealer.bac}</td>
                <td>{dealer.name}</td>
                {!declined && <td className="status-page__kits">{dealer.kits}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

/**
 * Each sales event of the enrollment's year with what shipped (docs/product.md#status-page): a
 * dealer's packages, or 'Not shipped yet; ships by {date}'; an LMA's, per dealer. The words are
 * the shipment mail's (shared/shipping/shipment-words.ts).
 */
function Shipments({ page, labelId }: { page: StatusPage; labelId: string }) {
  const lma = page.type === 'Lma'
  return (
    <section className="status-page__section" aria-labelledby={labelId}>
      <h2 id={labelId} className="form-section__title">
        {SHIPMENTS_HEADING}
      </h2>
      {page.salesEvents.map((event, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the events are shown as answered, by ship-by date
        <div key={index} className="status-page__event">
          <h3 className="status-page__event-name">{event.name}</h3>
          <p className="status-page__note">{inStoreWords(event.inStoreFrom, event.inStoreTo)}</p>
          {lma ? (
            <div className="status-page__table-frame">
              <table className="status-page__table">
                <thead>
                  <tr>
                    <th scope="col">BAC</th>
                    <th scope="col">Dealer</th>
                    <th scope="col">Shipment</th>
                  </tr>
                </thead>
                <tbody>
                  {event.dealers.map((dealer, row) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are shown as answered, in the enrollment's order
                    <tr key={row}>
                      <td>{dealer.bac}</td>
                      <td>{dealer.name}</td>
                      <td>
                        <ShipmentLines shipments={dealer.shipments} shipBy={event.shipBy} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            event.dealers.map((dealer, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one dealer, as answered
              <ShipmentLines key={row} shipments={dealer.shipments} shipBy={event.shipBy} />
            ))
          )}
        </div>
      ))}
    </section>
  )
}

/** A dealer's packages of an event, each with its tracking link where the carrier has a page. */
function ShipmentLines({ shipments, shipBy }: { shipments: ShipmentFacts[]; shipBy: string }) {
  if (shipments.length === 0)
    return <p className="status-page__shipment">{notShippedWords(shipBy)}</p>
  return (
    <ul className="status-page__shipments">
      {shipments.map((shipment, index) => {
        const { words, number } = shippedWordsParts(shipment)
        const url = trackingUrl(shipment.carrier, shipment.trackingNumber)
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: packages are shown as answered, by date
          <li key={index} className="status-page__shipment">
            {words}
            {url ? (
              <a href={url} target="_blank" rel="noopener noreferrer">
                {number}
              </a>
            ) : (
              number
            )}
          </li>
        )
      })}
    </ul>
  )
}

/**
 * An LMA's invoice, opened through the status link, with its payment state: live, under revision
 * while the enrollment is sent back, or void (docs/product.md#status-page).
 */
function StatusInvoice({ token, labelId }: { token: string; labelId: string }) {
  const { brands } = useConfig()
  const [loaded, setLoaded] = useState<StatusPageInvoice | 'failed' | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    getStatusInvoice(token, controller.signal).then(setLoaded, () => {
      if (!controller.signal.aborted) setLoaded('failed')
    })
    return () => controller.abort()
  }, [token])
  return (
    <section className="status-page__section" aria-labelledby={labelId}>
      <h2 id={labelId} className="form-section__title">
        Invoice
      </h2>
      {loaded === null && <PleaseWait />}
      {loaded === 'failed' && (
        <p>
          The invoice could not be loaded just now. Please reload the page, or contact the program
          office at <ProgramOfficeContact />.
        </p>
      )}
      {loaded && loaded !== 'failed' && (
        <>
          <InvoiceStanding payment={loaded.payment} />
          <PaymentFacts payment={loaded.payment} />
          <p>
            <a
              className="button button--primary"
              href={statusInvoicePdfUrl(token)}
              download={invoiceFilename(loaded.payment.invoiceNumber, loaded.payment.revision)}
            >
              Download PDF
            </a>
          </p>
          <div className="status-page__invoice">
            <InvoiceDocument
              invoice={loaded.invoice}
              logo={
                brands.find((brand) => brand.name === loaded.invoice.invoiceBrand)?.key ??
                brands[0]?.key ??
                'chevy'
              }
            />
          </div>
        </>
      )}
    </section>
  )
}

/** Under revision or void, and a payment owed back: the sentences every screen says them in. */
function InvoiceStanding({ payment }: { payment: StatusPageInvoice['payment'] }) {
  const sentence = invoiceStandingSentence(payment)
  const credit =
    payment.creditDueBack !== null && payment.paidOn
      ? creditDueBackSentence(Math.round(payment.creditDueBack * 100), payment.paidOn)
      : null
  if (!sentence && !credit) return null
  return (
    <div
      className={`banner status-page__standing${payment.standing === 'void' ? ' banner--warning' : ''}`}
    >
      {sentence && <p>{sentence}</p>}
      {credit && <p>{credit}</p>}
    </div>
  )
}

function PaymentFacts({ payment }: { payment: StatusPageInvoice['payment'] }) {
  const state = paymentStateWords(payment)
  const isVoid = payment.standing === 'void'
  // 'Total due' only while something is due: a paid or void invoice has a total, nothing due.
  // Paid for an earlier, smaller revision: the balance is still due.
  const partPaid = payment.paidOn !== null && !isVoid && payment.balance > 0
  const totalLabel = (payment.paidOn && !partPaid) || isVoid ? 'Total' : 'Total due'
  const revision = payment.revision > 1 ? `, revision ${payment.revision},` : ''
  return (
    <dl className="status-page__facts">
      <div>
        <dt>Invoice</dt>
        <dd>
          {payment.invoiceNumber}
          {revision} of {formatDate(payment.invoiceDate)}
        </dd>
      </div>
      <div>
        <dt>{totalLabel}</dt>
        <dd>{formatDollars(payment.grandTotal)}</dd>
      </div>
      <div>
        <dt>Payment</dt>
        <dd className="status-page__payment">
          {partPaid && payment.paidOn && payment.paidAmount !== null
            ? `${formatDollars(payment.paidAmount)} received on ${formatDate(payment.paidOn)}; ${formatDollars(payment.balance)} due by ${formatDate(payment.dueDate)}`
            : payment.paidOn
              ? `${state} on ${formatDate(payment.paidOn)}`
              : isVoid
                ? 'Nothing is due'
                : `${state}: due by ${formatDate(payment.dueDate)}`}
        </dd>
      </div>
    </dl>
  )
}
