import { usePageTitle } from '../../lib/page-title'
import { useAuth } from '../auth/auth-context'

export function LoginRequired({ returnTo = '/admin' }: { returnTo?: string }) {
  usePageTitle('Login Required')
  const { login } = useAuth()
  return (
    <section className="login-required stack">
      <p>You must log in to use this site.</p>
      <button type="button" className="button button--primary" onClick={() => void login(returnTo)}>
        Click Here to Login
      </button>
    </section>
  )
}
