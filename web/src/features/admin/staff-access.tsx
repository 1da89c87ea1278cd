import type { Session } from '@shared/auth/session-schema'
import {
  roleAllows,
  STAFF_ROLE_WORDS,
  type StaffAbility,
  type StaffRole,
} from '@shared/auth/staff-role'
import { createContext, type ReactNode, use, useMemo } from 'react'

/** A signed-in user with a role in the admin area, as `GET /api/session` answered. */
export interface StaffAccess {
  username: string
  name: string
  role: StaffRole
  /** A regional manager's regions by name; empty for the other roles. */
  regions: readonly string[]
  /** The regions an enrollment may be moved to: a regional manager's; undefined, every region. */
  regionChoices: readonly string[] | undefined
  /** Whether the role may do this (shared/auth/staff-role.ts, the table the server decides by). */
  may(ability: StaffAbility): boolean
}

const StaffAccessContext = createContext<StaffAccess | null>(null)

/** The admin area's pages, once the session says the user has a role (admin-route.tsx). */
export function StaffAccessProvider({
  session,
  children,
}: {
  session: Session & { role: StaffRole }
  children: ReactNode
}) {
  const access = useMemo<StaffAccess>(
    () => ({
      username: session.username,
      name: session.name,
      role: session.role,
      regions: session.regions,
      regionChoices: session.role === 'regional-manager' ? session.regions : undefined,
      may: (ability) => roleAllows(session.role, ability),
    }),
    [session],
  )
  return <StaffAccessContext value={access}>{children}</StaffAccessContext>
}

/**
 * Who is signed in and what their role allows: the one place the admin area asks before it
 * shows an action (docs/product.md#users). The screens leave out what the role may not do.
 */
export function useStaffAccess(): StaffAccess {
  const access = use(StaffAccessContext)
  if (!access) throw new Error('useStaffAccess must be used inside StaffAccessProvider')
  return access
}

/** The same, or null before the session is known or for a user without a role (the header). */
export function useOptionalStaffAccess(): StaffAccess | null {
  return use(StaffAccessContext)
}

/** Whether the signed-in user's role may do this. */
export function useMay(ability: StaffAbility): boolean {
  return useStaffAccess().may(ability)
}

/** The role as the header says it: "Administrator", "Regional manager: Great Lakes, California". */
export function roleText(access: Pick<StaffAccess, 'role' | 'regions'>): string {
  const words = STAFF_ROLE_WORDS[access.role]
  return access.regions.length > 0 ? `${words}: ${access.regions.join(', ')}` : words
}
