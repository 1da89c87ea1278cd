import { z } from 'zod'

/** A user of the development OpenID provider (DEV_USERS). */
export interface DevUser {
  email: string
  name: string
  /** The `roles` claim of the user's ID token. */
  roles: string[]
}

const email = z.email()
const ROLE = /^[A-Za-z0-9._-]{1,50}$/
const FORMAT = 'must be a comma-separated list of email:Display Name[:role]'

/** DEV_USERS: `admin@example.com:Ada Admin:admin,viewer@example.com:Victor Viewer`. */
export const devUserList = z.string().transform((value, ctx): DevUser[] => {
  const users = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [address = '', name = '', role, ...rest] = item.split(':').map((part) => part.trim())
      return { address, name, role, extra: rest.length > 0 }
    })
  const bad = users.find(
    (user) =>
      !email.safeParse(user.address).success ||
      !user.name ||
      user.extra ||
      (user.role !== undefined && !ROLE.test(user.role)),
  )
  if (bad || users.length === 0) {
    ctx.addIssue({ code: 'custom', message: FORMAT })
    return z.NEVER
  }
  const emails = users.map((user) => user.address.toLowerCase())
  if (new Set(emails).size !== emails.length) {
    ctx.addIssue({ code: 'custom', message: 'must not name the same email twice' })
    return z.NEVER
  }
  return users.map((user) => ({
    email: user.address.toLowerCase(),
    name: user.name,
    roles: user.role ? [user.role] : [],
  }))
})

export const DEFAULT_DEV_USERS =
  'admin@example.com:Ada Admin:admin,viewer@example.com:Victor Viewer'
