import { MailLink, PhoneLink } from '../../components/ui/contact-links'
import { usePageTitle } from '../../lib/page-title'
import { useAuth } from '../auth/auth-context'
import { useConfig } from '../config/config-context'

/**
 * A signed-in user who is not an administrator: who they are signed in as, that the admin area
 * is not theirs, and whom to ask (IT support) instead of an empty list (docs/product.md#admin-area).
 */
export function NotAdministrator({ username }: { username: string }) {
  usePageTitle('Not Authorized')
  const { logout } = useAuth()
  const { itSupport } = useConfig()
  return (
    <section className="login-required not-administrator stack">
      <p>
        You are signed in as <strong>{username}</strong>, but this account is not an administrator
        of the Dealer Funded POS Program.
      </p>
      <p>
        To be given access, contact IT support: {itSupport.name},{' '}
        <MailLink email={itSupport.email} />, <PhoneLink phone={itSupport.phone} />.
      </p>
      <p>Signed in with the wrong account? Log out, then sign in with the right one.</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void logout('/admin')}
      >
        Log out
      </button>
    </section>
  )
}
