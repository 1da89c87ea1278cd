import type { PublicConfig } from '@shared/config/public-config'
import { useEffect, useState } from 'react'
import { GENERIC_ERROR_TEXT } from '../components/ui/load-failed'
import { PleaseWait } from '../components/ui/please-wait'
import { ConfigProvider } from '../features/config/config-context'
import { getPublicConfig } from '../features/config/load-config'
import { PageTitleProvider } from '../lib/page-title'
import { AppRoutes, preloadRoute } from './router'

export function App() {
  const [config, setConfig] = useState<PublicConfig | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    // The page's route chunk loads alongside the configuration: the first render is whole.
    Promise.all([getPublicConfig(), preloadRoute(window.location.pathname)]).then(
      ([loaded]) => setConfig(loaded),
      (error: unknown) => {
        console.error('Could not load the configuration', error)
        setFailed(true)
      },
    )
  }, [])

  if (failed) {
    return <p className="placeholder">{GENERIC_ERROR_TEXT}</p>
  }
  if (!config) return <PleaseWait />
  return (
    <ConfigProvider config={config}>
      <PageTitleProvider>
        <AppRoutes />
      </PageTitleProvider>
    </ConfigProvider>
  )
}
