import { useEffect, useMemo } from 'react'
import { useLocation } from 'wouter'
import { PleaseWait } from '../../components/ui/please-wait'
import { useConfig } from '../config/config-context'
import { createUserManager } from './user-manager'

/** /oidc: the identity provider sends the browser back here with a code; then on to the admin area. */
export function SignInReturn() {
  const { auth } = useConfig()
  const manager = useMemo(() => createUserManager(auth), [auth])
  const [, navigate] = useLocation()
  useEffect(() => {
    let live = true
    manager
      .signinRedirectCallback()
      .then(
        (user) => {
          if (!user) console.warn('Sign-in finished but no account was found.')
          const state = user?.state as { returnTo?: string } | undefined
          return state?.returnTo?.startsWith('/') ? state.returnTo : '/admin'
        },
        (error: unknown) => {
          console.error('Sign-in failed', error)
          return '/admin'
        },
      )
      .then((path) => {
        if (live) navigate(`~${path}`, { replace: true })
      })
    return () => {
      live = false
    }
  }, [manager, navigate])
  return <PleaseWait />
}
