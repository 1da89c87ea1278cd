import type { JWTPayload } from 'jose'

/** The signed-in administrator as the routes see it (`request.admin`). */
export interface AdminIdentity {
  username: string
  name: string
  email: string
}

/** Who decides who is an administrator (docs/product.md#users). */
export interface AdminPolicy {
  /** Usernames or emails, compared case-insensitively. */
  users: readonly string[]
  /** A value of the `roles` claim that makes an administrator. */
  role: string | undefined
}

/** Neither list nor role: every user of the authority is an administrator. */
export function admitsEveryone(policy: AdminPolicy): boolean {
  return policy.users.length === 0 && !policy.role
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/** The names a user may be listed under in ADMIN_USERS (Entra ID: preferred_username, upn). */
function namesOf(claims: JWTPayload): string[] {
  return [claims.preferred_username, claims.email, claims.upn]
    .map(text)
    .filter((name): name is string => name !== undefined)
    .map((name) => name.toLowerCase())
}

export function isAdministrator(claims: JWTPayload, policy: AdminPolicy): boolean {
  if (admitsEveryone(policy)) return true
  const listed = new Set(policy.users.map((user) => user.trim().toLowerCase()))
  if (namesOf(claims).some((name) => listed.has(name))) return true
  const roles = claims.roles
  return (
    policy.role !== undefined &&
    Array.isArray(roles) &&
    roles.some((role) => typeof role === 'string' && role === policy.role)
  )
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
