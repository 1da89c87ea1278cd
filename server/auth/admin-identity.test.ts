import { describe, expect, it } from 'vitest'
import { identityFromClaims, isAdministrator } from './admin-identity.js'

/** What Microsoft Entra ID v2.0 puts in an ID token with the profile and email scopes. */
const entra = {
  sub: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
  oid: '00000000-0000-0000-66f3-3332eca7ea81',
  preferred_username: 'Ada.Admin@Contoso.onmicrosoft.com',
  name: 'Ada Admin',
  roles: ['PosAdmin'],
}

describe('isAdministrator (docs/product.md#users)', () => {
  it('admits users named in ADMIN_USERS by preferred_username, email or upn, in any case', () => {
    const policy = { users: ['ada.admin@contoso.onmicrosoft.com'], role: undefined }
    expect(isAdministrator({ ...entra, roles: [] }, policy)).toBe(true)
    expect(isAdministrator({ sub: 'x', email: 'ADA.ADMIN@contoso.onmicrosoft.com' }, policy)).toBe(
      true,
    )
    expect(isAdministrator({ sub: 'x', upn: 'ada.admin@contoso.onmicrosoft.com' }, policy)).toBe(
      true,
    )
    expect(isAdministrator({ sub: 'x', preferred_username: 'someone@else' }, policy)).toBe(false)
  })

  it('admits holders of ADMIN_ROLE in the roles claim', () => {
    const policy = { users: [], role: 'PosAdmin' }
    expect(isAdministrator(entra, policy)).toBe(true)
    expect(isAdministrator({ ...entra, roles: ['Reader'] }, policy)).toBe(false)
    expect(isAdministrator({ ...entra, roles: 'PosAdmin' }, policy)).toBe(false)
    expect(isAdministrator({ sub: 'x' }, policy)).toBe(false)
  })

  it('admits every user of the authority when neither is configured', () => {
    expect(isAdministrator({ sub: 'x' }, { users: [], role: undefined })).toBe(true)
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
