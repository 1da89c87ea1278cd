import type { ReactNode } from 'react'
import { MailLink, PhoneLink } from '../../components/ui/contact-links'
import { SITE_TITLE, usePageTitleState } from '../../lib/page-title'
import { useAuth } from '../auth/auth-context'
import { useConfig } from '../config/config-context'
import { roleText, useOptionalStaffAccess } from './staff-access'

/** The admin frame: who is signed in and their role, log out, and IT support in the footer. */
export function AdminLayout({ children, menu }: { children: ReactNode; menu?: ReactNode }) {
  const { user, logout } = useAuth()
  const { itSupport, brands } = useConfig()
  const { title } = usePageTitleState()
  const logo = brands[0]?.key ?? 'chevy'
  return (
    <div className="public-layout admin-layout" data-brand={logo}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header__inner admin-header">
          <img
            className="site-header__logo"
            src={`/images/logos/${logo}.png`}
            alt={brands[0]?.name ?? ''}
            width="160"
            height="48"
          />
          <p className="site-header__title">{SITE_TITLE}</p>
          {user && (
            <div className="admin-header__user">
              {menu}
              <SignedInAs username={user.username} />
              <a
                href="/admin"
                className="admin-header__logout"
                onClick={(event) => {
                  event.preventDefault()
                  void logout('/admin')
                }}
              >
                Log out
              </a>
            </div>
          )}
        </div>
      </header>
      <div className="page-title-bar">
        <h1 className="page-title-bar__title">{title}</h1>
      </div>
      <main id="main" className="page-content page-content--wide">
        {children}
      </main>
      <footer className="site-footer">
        <p>
          IT support: {itSupport.name}, <MailLink email={itSupport.email} />,{' '}
          <PhoneLink phone={itSupport.phone} />
        </p>
      </footer>
    </div>
  )
}

/**
 * "Ada Admin · Administrator", "Rhea Regional · Regional manager: Great Lakes, California" once
 * the session says the role (docs/product.md#users); until then, or without a role, the username.
 */
function SignedInAs({ username }: { username: string }) {
  const access = useOptionalStaffAccess()
  if (!access) return <span className="admin-header__name">Hello, {username}</span>
  return (
    <span className="admin-header__name admin-header__name--role" title={access.username}>
      <span className="admin-header__person">{access.name || access.username}</span>
      <span className="admin-header__dot"> · </span>
      <span className="admin-header__role">{roleText(access)}</span>
    </span>
  )
}
