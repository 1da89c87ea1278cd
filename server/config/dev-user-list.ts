import { z } from 'zod'

/** A user of the development OpenID provider (DEV_USERS). */
export interface DevUser {
  email: string
  name: string
  /** The `roles` claim of the user's ID token (`role|role` in DEV_USERS). */
  roles: string[]
}

const email = z.email()
const ROLE = /^[A-Za-z0-9._-]{1,50}$/
const FORMAT = 'must be a comma-separated list of email:Display Name[:role|role]'

/** DEV_USERS: `admin@example.com:Ada Admin:admin,rhea@example.com:Rhea:region.California|region.Central`. */
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
      (user.role !== undefined && !user.role.split('|').every((role) => ROLE.test(role))),
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
    roles: user.role ? user.role.split('|') : [],
  }))
})

/**
 * One user of each role (config.ts gives the development provider's roles their meaning), and one
 * signed in without any.
 */
export const DEFAULT_DEV_USERS = [
  'admin@example.com:Ada Admin:admin',
  'regional@example.com:Rhea Regional:region.GreatLakes|region.California',
  'reader@example.com:Rory Reader:readonly',
  'vendor@example.com:Vera Vendor:fulfillment',
  'viewer@example.com:Victor Viewer',
].join(',')
