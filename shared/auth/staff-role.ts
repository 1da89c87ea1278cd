/**
 * Who may do what in the admin area (docs/product.md#users): the four roles, what each may do,
 * and the words the header shows. The server decides every route by `roleAllows`; the browser
 * reads the same table to leave out the buttons a role may not use.
 */
export const STAFF_ROLES = [
  'administrator',
  'regional-manager',
  'read-only',
  'fulfillment',
] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/**
 * What a route does, as the roles see it:
 * - `view`: every admin screen, figure, report and export (a regional manager's limited to
 *   their regions);
 * - `change`: approve, decline, re-authorize, edit, notes, send again, payments, bulk actions,
 *   invitations and status links (a regional manager's in their regions only);
 * - `delete`, `rollover`: administrators only;
 * - `audit`: the audit trail, which names every region's work: administrators and read-only;
 * - `ship`: the sales events and the release of their manifests: administrators only;
 * - `fulfill`: the print vendor's pages (released manifests, the tracking upload): the vendor
 *   (the `fulfillment` role, which may do nothing else) and administrators.
 */
export type StaffAbility = 'view' | 'change' | 'delete' | 'rollover' | 'audit' | 'ship' | 'fulfill'

const ABILITIES: Record<StaffRole, readonly StaffAbility[]> = {
  administrator: ['view', 'change', 'delete', 'rollover', 'audit', 'ship', 'fulfill'],
  'regional-manager': ['view', 'change'],
  'read-only': ['view', 'audit'],
  fulfillment: ['fulfill'],
}

export function roleAllows(role: StaffRole, ability: StaffAbility): boolean {
  return ABILITIES[role].includes(ability)
}

/** The role as the header and the documentation name it. */
export const STAFF_ROLE_WORDS: Record<StaffRole, string> = {
  administrator: 'Administrator',
  'regional-manager': 'Regional manager',
  'read-only': 'Read-only',
  fulfillment: 'Fulfillment',
}

/**
 * The key a region's name is compared by, in `REGION_MANAGERS` and in a role claim: its letters
 * and digits in any script (with the marks that are part of a letter, such as the vowel signs of
 * Devanagari), in any case and Unicode form, so `PosRegion:GreatLakes` (a role value cannot hold
 * a space) names "Great Lakes" and `PosRegion:москва` names "Москва" and not "Киев". A name of no
 * letters or digits keys to '', which names no region (server/auth/auth-plugin.ts).
 *
 * NFKC first (composed and decomposed letters, full-width forms), then everything but letters,
 * marks and digits left out, then case-folded: upper then lower case, so that ß is ss, and on
 * the name without its spaces, so that a Greek final sigma is the same wherever they were.
 */
export function regionNameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{M}\p{N}]/gu, '')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
}

/** Which enrollments a signed-in user sees and acts on: all of them, or those of some regions. */
export type EnrollmentScope =
  | { readonly all: true }
  | { readonly all: false; readonly regionIds: readonly number[] }

export const EVERY_ENROLLMENT: EnrollmentScope = { all: true }

/** Whether an enrollment of this region (null: none yet) is in the scope. */
export function inScope(scope: EnrollmentScope, regionId: number | null): boolean {
  return scope.all || (regionId !== null && scope.regionIds.includes(regionId))
}
