import type { Invoice } from '@shared/invoice/invoice'
import { useEffect, useState } from 'react'
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
  const [failed, setFailed] = useState(false)
  usePageTitle(invoice ? `Invoice ${invoice.invoiceNumber}` : 'Invoice')

  useEffect(() => {
    const controller = new AbortController()
    getInvoice(guid, controller.signal).then(setInvoice, (error: unknown) => {
      if (controller.signal.aborted) return
      setFailed(true)
      toast.error(error instanceof Error ? error.message : String(error))
    })
    return () => controller.abort()
  }, [guid, toast])

  if (failed)
    return <p className="placeholder">Something went wrong on our end. Please try again later.</p>
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
