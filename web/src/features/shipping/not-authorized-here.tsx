import { Link } from 'wouter'
import { usePageTitle } from '../../lib/page-title'
import { useAuth } from '../auth/auth-context'

/**
 * The print vendor on a page of the admin area that is not theirs: who they are signed in as,
 * and the way to their own page (docs/product.md#users).
 */
export function NotAuthorizedHere({ username }: { username: string }) {
  usePageTitle('Not Authorized')
  const { logout } = useAuth()
  return (
    <section className="login-required not-administrator stack">
      <p>
        You are signed in as <strong>{username}</strong> for fulfillment: this page of the admin
        area is not open to your account.
      </p>
      <p>
        Released manifests and the tracking upload are on your{' '}
        <Link href="~/fulfillment">Fulfillment page</Link>.
      </p>
      <button type="button" className="button" onClick={() => void logout('/admin')}>
        Log out
      </button>
    </section>
  )
}
