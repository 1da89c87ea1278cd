import type { PublicConfig } from '@shared/config/public-config'
import { createContext, type ReactNode, use } from 'react'

const ConfigContext = createContext<PublicConfig | null>(null)

export function ConfigProvider({
  config,
  children,
}: {
  config: PublicConfig
  children: ReactNode
}) {
  return <ConfigContext value={config}>{children}</ConfigContext>
}

/** The deployment's public configuration, loaded from GET /api/config before anything renders. */
export function useConfig(): PublicConfig {
  const config = use(ConfigContext)
  if (!config) throw new Error('useConfig must be used inside ConfigProvider')
  return config
}
