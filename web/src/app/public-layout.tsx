import type { ReactNode } from 'react'
import { useBrand } from '../features/brand/brand-context'
import { ProgramOfficeContact } from '../features/config/program-office-contact'
import { SITE_TITLE, usePageTitleState } from '../lib/page-title'

export function PublicLayout({ children }: { children: ReactNode }) {
  const brand = useBrand()
  const { title } = usePageTitleState()
  return (
    <div className="public-layout" data-brand={brand.key}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <img
            className="site-header__logo"
            src={`/images/logos/${brand.key}.png`}
            alt={brand.name}
            width="160"
            height="48"
          />
          <p className="site-header__title">{SITE_TITLE}</p>
        </div>
      </header>
      <div className="page-title-bar">
        <h1 className="page-title-bar__title">{title}</h1>
      </div>
      <main id="main" className="page-content">
        {children}
      </main>
      <footer className="site-footer">
        <p>
          Questions about the program? Contact us at <ProgramOfficeContact />.
        </p>
      </footer>
    </div>
  )
}
