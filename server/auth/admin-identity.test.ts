import { describe, expect, it } from 'vitest'
import { identityFromClaims, type RolePolicy, roleOf } from './admin-identity.js'

/** What Microsoft Entra ID v2.0 puts in an ID token with the profile and email scopes. */
const entra = {
  sub: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
  oid: '00000000-0000-0000-66f3-3332eca7ea81',
  preferred_username: 'Ada.Admin@Contoso.onmicrosoft.com',
  name: 'Ada Admin',
  roles: ['PosAdmin'],
}

const nobody = { users: [], role: undefined }
function policy(overrides: Partial<RolePolicy>): RolePolicy {
  return {
    administrators: { users: [], role: 'PosAdmin' },
    readOnly: nobody,
    fulfillment: nobody,
    regionManagers: new Map(),
    regionRolePrefix: undefined,
    ...overrides,
  }
}
const role = (claims: Record<string, unknown>, rules: RolePolicy) =>
  roleOf(claims, rules)?.role ?? null

describe('roleOf (docs/product.md#users)', () => {
  it('makes the print vendor by FULFILLMENT_USERS or FULFILLMENT_ROLE, after every other role', () => {
    const rules = policy({ fulfillment: { users: ['vera@printer.example'], role: 'PosVendor' } })
    expect(role({ sub: 'v', preferred_username: 'VERA@printer.example' }, rules)).toBe(
      'fulfillment',
    )
    expect(role({ sub: 'w', roles: ['PosVendor'] }, rules)).toBe('fulfillment')
    expect(role({ sub: 'a', roles: ['PosVendor', 'PosAdmin'] }, rules)).toBe('administrator')
    expect(role({ sub: 'x', roles: ['Other'] }, rules)).toBeNull()
  })

  it('makes administrators of users named in ADMIN_USERS by preferred_username, email or upn, in any case', () => {
    const rules = policy({
      administrators: { users: ['ada.admin@contoso.onmicrosoft.com'], role: undefined },
    })
    expect(role({ ...entra, roles: [] }, rules)).toBe('administrator')
    expect(role({ sub: 'x', email: 'ADA.ADMIN@contoso.onmicrosoft.com' }, rules)).toBe(
      'administrator',
    )
    expect(role({ sub: 'x', upn: 'ada.admin@contoso.onmicrosoft.com' }, rules)).toBe(
      'administrator',
    )
    expect(role({ sub: 'x', preferred_username: 'someone@else' }, rules)).toBeNull()
  })

  it('makes administrators of holders of ADMIN_ROLE in the roles claim', () => {
    const rules = policy({})
    expect(role(entra, rules)).toBe('administrator')
    expect(role({ ...entra, roles: ['Reader'] }, rules)).toBeNull()
    expect(role({ ...entra, roles: 'PosAdmin' }, rules)).toBeNull()
    expect(role({ sub: 'x' }, rules)).toBeNull()
  })

  it('makes every user of the authority an administrator when neither is configured', () => {
    expect(role({ sub: 'x' }, policy({ administrators: nobody }))).toBe('administrator')
  })

  it('makes read-only users by READONLY_USERS or READONLY_ROLE', () => {
    const rules = policy({ readOnly: { users: ['Finn@Contoso.example'], role: 'PosAudit' } })
    expect(role({ sub: 'x', email: 'finn@contoso.example' }, rules)).toBe('read-only')
    expect(role({ sub: 'x', roles: ['PosAudit'] }, rules)).toBe('read-only')
    expect(role({ sub: 'x', roles: ['PosAuditor'] }, rules)).toBeNull()
  })

  it('makes regional managers by REGION_MANAGERS and by the prefix of a role, their regions joined', () => {
    const rules = policy({
      regionManagers: new Map([['alice@contoso.example', ['Great Lakes', 'Central']]]),
      regionRolePrefix: 'PosRegion:',
    })
    expect(roleOf({ sub: 'x', preferred_username: 'ALICE@contoso.example' }, rules)).toEqual({
      role: 'regional-manager',
      regionNames: ['Great Lakes', 'Central'],
    })
    expect(
      roleOf(
        {
          sub: 'x',
          email: 'alice@contoso.example',
          roles: ['PosRegion:California', 'PosRegion:Central'],
        },
        rules,
      ),
    ).toEqual({ role: 'regional-manager', regionNames: ['Great Lakes', 'Central', 'California'] })
    expect(roleOf({ sub: 'x', roles: ['PosRegion:'] }, rules)).toBeNull()
    expect(roleOf({ sub: 'x', roles: ['posregion:California'] }, rules)).toBeNull()
  })

  it('matches no role by an email the provider says is not verified (email_verified: false)', () => {
    const rules = policy({
      administrators: { users: ['ada@contoso.example'], role: 'PosAdmin' },
      readOnly: { users: ['finn@contoso.example'], role: undefined },
      regionManagers: new Map([['alice@contoso.example', ['Great Lakes']]]),
      regionRolePrefix: 'PosRegion:',
    })
    for (const unverified of [false, 'false']) {
      for (const email of [
        'ada@contoso.example',
        'finn@contoso.example',
        'alice@contoso.example',
      ]) {
        expect(roleOf({ sub: 'x', email, email_verified: unverified }, rules)).toBeNull()
      }
    }
    // Verified, or a provider that does not say (Entra ID): the email matches, as before.
    for (const verified of [{ email_verified: true }, { email_verified: 'true' }, {}]) {
      expect(role({ sub: 'x', email: 'ada@contoso.example', ...verified }, rules)).toBe(
        'administrator',
      )
      expect(role({ sub: 'x', email: 'finn@contoso.example', ...verified }, rules)).toBe(
        'read-only',
      )
      expect(roleOf({ sub: 'x', email: 'alice@contoso.example', ...verified }, rules)).toEqual({
        role: 'regional-manager',
        regionNames: ['Great Lakes'],
      })
    }
    // The username (preferred_username, upn) and the roles claim match as they did.
    const unverified = { sub: 'x', email: 'nobody@elsewhere.example', email_verified: false }
    expect(role({ ...unverified, preferred_username: 'ada@contoso.example' }, rules)).toBe(
      'administrator',
    )
    expect(role({ ...unverified, upn: 'finn@contoso.example' }, rules)).toBe('read-only')
    expect(role({ ...unverified, roles: ['PosAdmin'] }, rules)).toBe('administrator')
    expect(role({ ...unverified, roles: ['PosRegion:Central'] }, rules)).toBe('regional-manager')
  })

  it('gives a user who holds several roles the first of administrator, regional manager, read-only', () => {
    const rules = policy({
      readOnly: { users: [], role: 'PosAudit' },
      regionRolePrefix: 'PosRegion:',
    })
    expect(role({ sub: 'x', roles: ['PosAudit', 'PosRegion:Central', 'PosAdmin'] }, rules)).toBe(
      'administrator',
    )
    expect(role({ sub: 'x', roles: ['PosAudit', 'PosRegion:Central'] }, rules)).toBe(
      'regional-manager',
    )
  })
})

describe('identityFromClaims', () => {
  it('names the user by preferred_username, then email, upn, name, sub', () => {
    expect(identityFromClaims(entra)).toEqual({
      username: 'Ada.Admin@Contoso.onmicrosoft.com',
      name: 'Ada Admin',
      email: '',
    })
    expect(identityFromClaims({ sub: 's', email: 'e@x', upn: 'u@x', name: 'N' }).username).toBe(
      'e@x',
    )
    expect(identityFromClaims({ sub: 's', upn: 'u@x', name: 'N' }).username).toBe('u@x')
    expect(identityFromClaims({ sub: 's', name: 'N' }).username).toBe('N')
    expect(identityFromClaims({ sub: 's' })).toEqual({ username: 's', name: 's', email: '' })
  })
})
