import type { User, UserManager } from 'oidc-client-ts'
import { createContext, type ReactNode, use, useEffect, useMemo, useState } from 'react'
import { setBearerToken } from '../../lib/api-client'
import { useConfig } from '../config/config-context'
import { createUserManager } from './user-manager'

export interface AuthState {
  /** True once the silent sign-in attempt has finished, whether it succeeded or not. */
  ready: boolean
  user: { username: string; idToken: string } | null
  login(returnTo?: string): Promise<void>
  /** Signs out and returns to the site origin plus `path` (default /). */
  logout(path?: string): Promise<void>
  manager: UserManager
}

const AuthContext = createContext<AuthState | null>(null)

function toUser(user: User | null): AuthState['user'] {
  if (!user || user.expired || !user.id_token) return null
  const claims = user.profile
  const username = String(claims.preferred_username ?? claims.email ?? claims.name ?? claims.sub)
  return { username, idToken: user.id_token }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { auth } = useConfig()
  const manager = useMemo(() => createUserManager(auth), [auth])
  const [ready, setReady] = useState(false)
  const [user, setUser] = useState<AuthState['user']>(null)

  useEffect(() => {
    let live = true
    const finish = (found: User | null) => {
      if (!live) return
      const next = toUser(found)
      setUser(next)
      setBearerToken(() => next?.idToken)
      setReady(true)
    }
    const onLoaded = (loaded: User) => finish(loaded)
    const onUnloaded = () => finish(null)
    manager.events.addUserLoaded(onLoaded)
    manager.events.addUserUnloaded(onUnloaded)
    manager
      .getUser()
      .then((stored) => (toUser(stored) ? stored : manager.signinSilent()))
      .then(
        (found) => finish(found ?? null),
        (error: unknown) => {
          console.info('Silent sign-in did not succeed; sign-in is needed', error)
          finish(null)
        },
      )
    return () => {
      live = false
      manager.events.removeUserLoaded(onLoaded)
      manager.events.removeUserUnloaded(onUnloaded)
      setBearerToken(undefined)
    }
  }, [manager])

  const state = useMemo<AuthState>(
    () => ({
      ready,
      user,
      manager,
      login: (returnTo = '/admin') =>
        manager.signinRedirect({ prompt: 'select_account', state: { returnTo } }),
      logout: async (path = '/') => {
        const target = `${window.location.origin}${path}`
        try {
          await manager.signoutRedirect({ post_logout_redirect_uri: target })
        } catch (error) {
          console.warn('The identity provider has no sign-out page', error)
          await manager.removeUser()
          window.location.assign(target)
        }
      },
    }),
    [ready, user, manager],
  )
  return <AuthContext value={state}>{children}</AuthContext>
}

export function useAuth(): AuthState {
  const state = use(AuthContext)
  if (!state) throw new Error('useAuth must be used inside AuthProvider')
  return state
}
