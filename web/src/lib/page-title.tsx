import { createContext, type ReactNode, use, useEffect, useMemo, useState } from 'react'

export const SITE_TITLE = 'Dealer Funded POS Program'
export const DEFAULT_PAGE_TITLE = 'Dealer Enrollment'

interface PageTitleState {
  title: string
  setTitle: (title: string) => void
}

const PageTitleContext = createContext<PageTitleState | null>(null)

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState(DEFAULT_PAGE_TITLE)
  useEffect(() => {
    document.title = `${title} - ${SITE_TITLE}`
  }, [title])
  const state = useMemo(() => ({ title, setTitle }), [title])
  return <PageTitleContext value={state}>{children}</PageTitleContext>
}

export function usePageTitleState(): PageTitleState {
  const state = use(PageTitleContext)
  if (!state) throw new Error('usePageTitleState must be used inside PageTitleProvider')
  return state
}

/** Sets the page title (page-title bar and browser tab) while the calling page is shown. */
export function usePageTitle(title: string): void {
  const { setTitle } = usePageTitleState()
  useEffect(() => {
    setTitle(title)
    return () => setTitle(DEFAULT_PAGE_TITLE)
  }, [title, setTitle])
}
