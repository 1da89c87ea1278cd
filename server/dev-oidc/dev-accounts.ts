import type { Account } from 'oidc-provider'
import type { DevUser } from '../config/dev-user-list.js'

/** The configured development users as OpenID accounts; the email is the subject. */
export function devAccounts(users: readonly DevUser[]) {
  const byEmail = new Map(users.map((user) => [user.email.toLowerCase(), user]))
  return {
    find(email: string): DevUser | undefined {
      return byEmail.get(email.trim().toLowerCase())
    },

    account(accountId: string): Account | undefined {
      const user = byEmail.get(accountId)
      if (!user) return undefined
      return {
        accountId,
        claims: () => ({
          sub: accountId,
          name: user.name,
          preferred_username: user.email,
          email: user.email,
          email_verified: true,
          roles: user.roles,
        }),
      }
    },
  }
}

export type DevAccounts = ReturnType<typeof devAccounts>
