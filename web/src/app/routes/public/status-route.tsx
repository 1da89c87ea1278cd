import type { StatusPage } from '@shared/enrollment/status-page-schema'
import { useEffect, useState } from 'react'
import { useLocation, useParams } from 'wouter'
import { PleaseWait } from '../../../components/ui/please-wait'
import { useBrand } from '../../../features/brand/brand-context'
import { LostLinkPage } from '../../../features/status/lost-link-page'
import { getStatusPage } from '../../../features/status/status-calls'
import {
  type StatusLinkProblem,
  StatusLinkProblemPage,
} from '../../../features/status/status-link-problem'
import { StatusPageView } from '../../../features/status/status-page'
import { ApiError } from '../../../lib/api-client'
import '../../../styles/invoice.css'
import '../../../styles/status.css'

/**
 * /{brand}/enrollment/status/{token}: the enrollee's status page; /{brand}/enrollment/status:
 * "Lost the mail?". A chunk of its own (docs/product.md#status-page).
 */
export default function StatusRoute() {
  const { token } = useParams<{ token?: string }>()
  const [attempt, setAttempt] = useState(0)
  if (!token) return <LostLinkPage />
  return (
    <StatusLoader
      key={`${token} ${attempt}`}
      token={token}
      retry={() => setAttempt((n) => n + 1)}
    />
  )
}

function StatusLoader({ token, retry }: { token: string; retry(): void }) {
  const brand = useBrand()
  const [, navigate] = useLocation()
  const [loaded, setLoaded] = useState<StatusPage | StatusLinkProblem | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    getStatusPage(token, controller.signal).then(setLoaded, (error: unknown) => {
      if (controller.signal.aborted) return
      const notValid = error instanceof ApiError && error.status >= 400 && error.status < 500
      setLoaded(notValid ? { kind: 'not-valid' } : { kind: 'unavailable', retry })
    })
    return () => controller.abort()
  }, [token, retry])
  const page = loaded && 'reference' in loaded ? loaded : null
  // A link opened under another brand's address shows under its own brand's header.
  useEffect(() => {
    if (page && page.brand !== brand.key) {
      navigate(`~/${encodeURIComponent(page.brand)}/enrollment/status/${token}`, { replace: true })
    }
  }, [page, brand.key, navigate, token])
  if (!loaded) return <PleaseWait />
  if (!page) return <StatusLinkProblemPage problem={loaded as StatusLinkProblem} />
  return <StatusPageView token={token} page={page} />
}
