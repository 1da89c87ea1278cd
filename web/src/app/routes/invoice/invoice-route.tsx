import { useParams } from 'wouter'
import { ToastProvider } from '../../../components/ui/toast'
import { LoginRequired } from '../../../features/admin/login-required'
import { AuthProvider, useAuth } from '../../../features/auth/auth-context'
import { InvoicePage } from '../../../features/invoice/invoice-page'
import '../../../styles/admin.css'
import '../../../styles/invoice.css'

export default function InvoiceRoute() {
  return (
    <AuthProvider>
      <ToastProvider>
        <main id="main" className="invoice-screen">
          <SignedInInvoice />
        </main>
      </ToastProvider>
    </AuthProvider>
  )
}

function SignedInInvoice() {
  const { ready, user } = useAuth()
  const { guid } = useParams<{ guid: string }>()
  if (!ready) return null
  if (!user) return <LoginRequired returnTo={`/invoice/${guid}`} />
  return <InvoicePage guid={guid} />
}
