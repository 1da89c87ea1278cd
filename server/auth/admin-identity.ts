import type { JWTPayload } from 'jose'

/** Who a signed-in user is, as the history and the audit trail name them. */
export interface AdminIdentity {
  username: string
  name: string
  email: string
}

/** Who has which role (docs/product.md#users): users listed by name, or a value of the `roles` claim. */
export interface RolePolicy {
  /** ADMIN_USERS / ADMIN_ROLE. */
  administrators: ListedOrRole
  /** READONLY_USERS / READONLY_ROLE. */
  readOnly: ListedOrRole
  /** FULFILLMENT_USERS / FULFILLMENT_ROLE: the print vendor. */
  fulfillment: ListedOrRole
  /** REGION_MANAGERS: user (lower case) to region names. */
  regionManagers: ReadonlyMap<string, readonly string[]>
  /** REGION_ROLE_PREFIX: a roles claim value `<prefix><Region>` makes a regional manager of it. */
  regionRolePrefix: string | undefined
}

export interface ListedOrRole {
  /** Usernames or emails (verified ones: see namesOf), compared case-insensitively. */
  users: readonly string[]
  role: string | undefined
}

/** Neither ADMIN_USERS nor ADMIN_ROLE: every user of the authority is an administrator. */
export function admitsEveryone(policy: RolePolicy): boolean {
  return policy.administrators.users.length === 0 && !policy.administrators.role
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/**
 * Whether the provider says it has not verified the `email` claim (OpenID Connect Core 5.1:
 * `email_verified`; some providers send it as the string "false"). Absent, as from Entra ID,
 * it says nothing, and the email is taken as before.
 */
function emailUnverified(claims: JWTPayload): boolean {
  const verified = claims.email_verified
  return (
    verified === false ||
    (typeof verified === 'string' && verified.trim().toLowerCase() === 'false')
  )
}

/**
 * The names a user may be listed under (Entra ID: preferred_username, upn), and their email
 * unless the provider says it is unverified: where anyone may type any address, an unverified
 * one is no one's, and would grant the role of the user it names.
 */
function namesOf(claims: JWTPayload): string[] {
  return [claims.preferred_username, emailUnverified(claims) ? undefined : claims.email, claims.upn]
    .map(text)
    .filter((name): name is string => name !== undefined)
    .map((name) => name.toLowerCase())
}

function rolesOf(claims: JWTPayload): string[] {
  const roles = claims.roles
  return Array.isArray(roles) ? roles.filter((role) => typeof role === 'string') : []
}

function holds(claims: JWTPayload, rule: ListedOrRole): boolean {
  const listed = new Set(rule.users.map((user) => user.trim().toLowerCase()))
  if (namesOf(claims).some((name) => listed.has(name))) return true
  return rule.role !== undefined && rolesOf(claims).includes(rule.role)
}

/** A role, with a regional manager's region names as configured (not yet matched to regions). */
export type RoleDecision =
  | { role: 'administrator' | 'read-only' | 'fulfillment' }
  | { role: 'regional-manager'; regionNames: readonly string[] }

/**
 * The user's role, or null for none. A user who holds several gets the first of administrator,
 * regional manager, read-only, fulfillment (docs/decisions.md, "Three roles", and the print
 * vendor's role of decision 94).
 */
export function roleOf(claims: JWTPayload, policy: RolePolicy): RoleDecision | null {
  if (admitsEveryone(policy) || holds(claims, policy.administrators)) {
    return { role: 'administrator' }
  }
  const regionNames = new Set<string>()
  for (const name of namesOf(claims)) {
    for (const region of policy.regionManagers.get(name) ?? []) regionNames.add(region)
  }
  const prefix = policy.regionRolePrefix
  if (prefix) {
    for (const role of rolesOf(claims)) {
      if (role.startsWith(prefix) && role.length > prefix.length) {
        regionNames.add(role.slice(prefix.length))
      }
    }
  }
  if (regionNames.size > 0) return { role: 'regional-manager', regionNames: [...regionNames] }
  if (holds(claims, policy.readOnly)) return { role: 'read-only' }
  if (holds(claims, policy.fulfillment)) return { role: 'fulfillment' }
  return null
}

export function identityFromClaims(claims: JWTPayload): AdminIdentity {
  const email = text(claims.email) ?? ''
  const username =
    text(claims.preferred_username) ??
    text(claims.email) ??
    text(claims.upn) ??
    text(claims.name) ??
    text(claims.sub) ??
    ''
  return { username, name: text(claims.name) ?? username, email }
}
