import type { StatusPage, StatusPageInvoice } from '@shared/enrollment/status-page-schema'
import { brandDisplayName } from '@shared/format/brand-name'
import { formatDate } from '@shared/format/date-text'
import { formatDollars } from '@shared/format/money-text'
import { paymentStateWords, statusPageWords, TIMELINE_WORDS } from '@shared/format/status-words'
import { useEffect, useId, useState } from 'react'
import { PleaseWait } from '../../components/ui/please-wait'
import { usePageTitle } from '../../lib/page-title'
import { useConfig } from '../config/config-context'
import { ProgramOfficeContact } from '../config/program-office-contact'
import { InvoiceDocument } from '../invoice/invoice-document'
import { getStatusInvoice, statusInvoicePdfUrl } from './status-calls'

/**
 * The enrollee's status page (docs/product.md#status-page): one enrollment as its status link
 * opens it, its dealers and kits, a timeline, and an approved LMA's invoice with its payment.
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
          </dd>
        </div>
      </dl>

      <section className="status-page__section" aria-labelledby={`${id}-dealers`}>
        <h2 id={`${id}-dealers`} className="form-section__title">
          Dealers and kits ordered
        </h2>
        <p>
          {page.dealerCount} {page.dealerCount === 1 ? 'dealer' : 'dealers'}, {page.kitCount}{' '}
          {page.kitCount === 1 ? 'kit' : 'kits'}.
        </p>
        <div className="status-page__table-frame">
          <table className="status-page__table">
            <thead>
              <tr>
                <th scope="col">BAC</th>
                <th scope="col">Dealer</th>
                <th scope="col">Kits</th>
              </tr>
            </thead>
            <tbody>
              {page.dealers.map((dealer, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are shown as stored, in their order
                <tr key={index}>
                  <td>{dealer.bac}</td>
                  <td>{dealer.name}</td>
                  <td>{dealer.kits}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

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

/** An approved LMA's invoice, opened through the status link, with its payment state. */
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
          <PaymentFacts payment={loaded.payment} />
          <p>
            <a
              className="button button--primary"
              href={statusInvoicePdfUrl(token)}
              download={`invoice-${loaded.payment.invoiceNumber}.pdf`}
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

function PaymentFacts({ payment }: { payment: StatusPageInvoice['payment'] }) {
  const state = paymentStateWords(payment)
  return (
    <dl className="status-page__facts">
      <div>
        <dt>Invoice</dt>
        <dd>
          {payment.invoiceNumber} of {formatDate(payment.invoiceDate)}
        </dd>
      </div>
      <div>
        <dt>Total due</dt>
        <dd>{formatDollars(payment.grandTotal)}</dd>
      </div>
      <div>
        <dt>Payment</dt>
        <dd className="status-page__payment">
          {payment.paidOn
            ? `${state} on ${formatDate(payment.paidOn)}`
            : `${state}: due by ${formatDate(payment.dueDate)}`}
        </dd>
      </div>
    </dl>
  )
}
