import { formatDate } from '@shared/format/date-text'
import { formatDollars } from '@shared/format/money-text'
import { invoiceStandingSentence } from '@shared/format/status-words'
import { type Invoice, invoiceName } from '@shared/invoice/invoice'
import { useEffect, useId, useState } from 'react'
import { failureText, GENERIC_ERROR_TEXT } from '../../components/ui/load-failed'
import { PleaseWait } from '../../components/ui/please-wait'
import { useToast } from '../../components/ui/toast'
import { usePageTitle } from '../../lib/page-title'
import { useAuth } from '../auth/auth-context'
import { useConfig } from '../config/config-context'
import { downloadInvoicePdf, getInvoice } from './invoice-calls'
import { InvoiceDocument } from './invoice-document'

/**
 * /invoice/{guid}: the printable invoice of an LMA enrollment (docs/product.md#invoice-page), named
 * with its revision from the second on; above it, whether it is under revision or void, and its
 * earlier revisions, each a PDF to download.
 */
export function InvoicePage({ guid }: { guid: string }) {
  const { user } = useAuth()
  const { brands } = useConfig()
  const toast = useToast()
  const [invoice, setInvoice] = useState<Invoice | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  usePageTitle(invoice ? invoiceName(invoice.invoiceNumber, invoice.revision) : 'Invoice')

  useEffect(() => {
    const controller = new AbortController()
    getInvoice(guid, controller.signal).then(setInvoice, (error: unknown) => {
      if (controller.signal.aborted) return
      setFailure(failureText(error, GENERIC_ERROR_TEXT))
      toast.error(error instanceof Error ? error.message : String(error))
    })
    return () => controller.abort()
  }, [guid, toast])

  if (failure !== null) return <InvoiceLoadFailed reason={failure} />
  if (!invoice) return <PleaseWait />
  const logo =
    brands.find((brand) => brand.name === invoice.invoiceBrand)?.key ?? brands[0]?.key ?? 'chevy'
  const download = (revision = invoice.revision) =>
    downloadInvoicePdf(invoice, user?.idToken ?? '', revision).catch((error: unknown) =>
      toast.error(error instanceof Error ? error.message : String(error)),
    )
  return (
    <>
      <h1 className="invoice-page__title">
        {/* invoiceName's words, the number and the revision each kept whole on a narrow screen. */}
        Invoice <span className="invoice-page__whole">{invoice.invoiceNumber}</span>
        {invoice.revision > 1 && (
          <>
            , <span className="invoice-page__whole">revision {invoice.revision}</span>
          </>
        )}
      </h1>
      <div className="invoice-toolbar">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="button" onClick={() => void download()}>
          Download PDF
        </button>
      </div>
      <InvoiceStanding invoice={invoice} />
      <EarlierRevisions invoice={invoice} onDownload={(revision) => void download(revision)} />
      <InvoiceDocument invoice={invoice} logo={logo} />
    </>
  )
}

/** Under revision or void: the sentence every screen says it in, and when and why it was voided. */
function InvoiceStanding({ invoice }: { invoice: Invoice }) {
  const sentence = invoiceStandingSentence({
    standing: invoice.standing,
    voidCause: invoice.voided?.cause ?? null,
  })
  if (!sentence) return null
  return (
    <div
      className={`banner invoice-standing${invoice.standing === 'void' ? ' banner--warning' : ''}`}
    >
      <p>{sentence}</p>
      {invoice.voided && (
        <p className="invoice-standing__voided">
          Voided on {formatDate(invoice.voided.on)}
          {invoice.voided.reason ? `. The office’s reason: ${invoice.voided.reason}` : '.'}
        </p>
      )}
    </div>
  )
}

/** The revisions this one replaced, the first first, each with its PDF as it was mailed. */
function EarlierRevisions({
  invoice,
  onDownload,
}: {
  invoice: Invoice
  onDownload(revision: number): void
}) {
  const headingId = useId()
  const earlier = invoice.revisions.filter((each) => each.revision !== invoice.revision)
  if (earlier.length === 0) return null
  return (
    <section className="invoice-revisions" aria-labelledby={headingId}>
      <h2 id={headingId} className="invoice-revisions__title">
        Earlier revisions
      </h2>
      <ul className="invoice-revisions__list">
        {earlier.map((each) => (
          <li key={each.revision}>
            <span>
              Revision {each.revision} of {formatDate(each.invoiceDate)},{' '}
              {formatDollars(each.grandTotal)}
            </span>{' '}
            <button
              type="button"
              className="button button--small"
              onClick={() => onDownload(each.revision)}
            >
              Download revision {each.revision} (PDF)
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * An invoice that could not be loaded: that it is the invoice that failed, why (the server's
 * reason when it refused, else the generic text), and the ways on: back to the enrollment list,
 * or Log out (a wrong account) (docs/product.md#invoice-page).
 */
export function InvoiceLoadFailed({ reason }: { reason: string }) {
  const { logout } = useAuth()
  return (
    <section className="invoice-failed stack" role="alert">
      <h1 className="invoice-failed__title">The invoice could not be loaded.</h1>
      <p>{reason}</p>
      <p className="invoice-failed__ways">
        <a className="button button--primary" href="/admin">
          Back to the enrollment list
        </a>
        <button type="button" className="button" onClick={() => void logout('/admin')}>
          Log out
        </button>
      </p>
    </section>
  )
}
