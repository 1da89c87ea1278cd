import type { Invoice } from '@shared/invoice/invoice'
import { useEffect, useState } from 'react'
import { failureText, GENERIC_ERROR_TEXT } from '../../components/ui/load-failed'
import { PleaseWait } from '../../components/ui/please-wait'
import { useToast } from '../../components/ui/toast'
import { usePageTitle } from '../../lib/page-title'
import { useAuth } from '../auth/auth-context'
import { useConfig } from '../config/config-context'
import { downloadInvoicePdf, getInvoice } from './invoice-calls'
import { InvoiceDocument } from './invoice-document'

/** /invoice/{guid}: the printable invoice of an approved LMA enrollment. */
export function InvoicePage({ guid }: { guid: string }) {
  const { user } = useAuth()
  const { brands } = useConfig()
  const toast = useToast()
  const [invoice, setInvoice] = useState<Invoice | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  usePageTitle(invoice ? `Invoice ${invoice.invoiceNumber}` : 'Invoice')

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
  const download = () =>
    downloadInvoicePdf(invoice, user?.idToken ?? '').catch((error: unknown) =>
      toast.error(error instanceof Error ? error.message : String(error)),
    )
  return (
    <>
      <div className="invoice-toolbar">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="button" onClick={download}>
          Download PDF
        </button>
      </div>
      <InvoiceDocument invoice={invoice} logo={logo} />
    </>
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
