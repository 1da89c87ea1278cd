import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import {
  type EnrollmentScope,
  EVERY_ENROLLMENT,
  regionNameKey,
  roleAllows,
  type StaffAbility,
  type StaffRole,
} from '../../shared/auth/staff-role.js'
import type { Region } from '../../shared/region/region.js'
import { AppError } from '../http/app-error.js'
import { DEV_OIDC_CLIENT_ID, DEV_OIDC_PATH } from '../public-config/public-config.js'
import {
  type AdminIdentity,
  admitsEveryone,
  identityFromClaims,
  type RoleDecision,
  type RolePolicy,
  roleOf,
} from './admin-identity.js'
import { bearerToken, MAX_ID_TOKEN_LENGTH } from './bearer-token.js'
import {
  createIdTokenVerifier,
  type IdTokenVerifierOptions,
  SignInUnavailableError,
} from './id-token-verifier.js'

export interface AuthOptions {
  /** The development provider's issuer and keys, when it runs in this process. */
  local?: IdTokenVerifierOptions['local']
  /** The program's regions, which a regional manager's region names are matched to. */
  loadRegions: () => Promise<Region[]>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest: 401 without a valid ID token, 403 for a user without a role; sets request.staff. */
    requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void>
    /**
     * A hook (onRequest, or preHandler where the token comes with the body) after requireStaff:
     * 403 unless the user's role may do any of `abilities` (shared/auth/staff-role.ts).
     */
    allow(...abilities: StaffAbility[]): (request: FastifyRequest) => Promise<void>
    /** Verifies an ID token and answers its user with a role, or throws the 401/403/503 AppError. */
    staffFromToken(token: string | undefined, request: FastifyRequest): Promise<Staff>
    /** Verifies an ID token: who it signs in and their role, if any (401/503 AppError). */
    sessionFromToken(token: string | undefined, request: FastifyRequest): Promise<SignedInUser>
  }
  interface FastifyRequest {
    /** Set by requireStaff. */
    staff: Staff | null
  }
}

/** A signed-in user with a role in the admin area, as the routes and operations see them. */
export interface Staff extends AdminIdentity {
  role: StaffRole
  /** A regional manager's regions by name, as the program names them; empty for the others. */
  regions: readonly string[]
  /** The enrollments this user sees and acts on. */
  scope: EnrollmentScope
}

/** Who a valid ID token signs in, with a role or not. */
export interface SignedInUser {
  identity: AdminIdentity
  staff: Staff | null
}

export const SIGN_IN_MESSAGE = 'Sign in to continue.'
export const NOT_ADMIN_MESSAGE = 'You are not an administrator of this program.'
/** A read-only user's change, or a regional manager's delete, rollover or audit trail. */
export const NOT_ALLOWED_MESSAGES: Record<StaffRole, string> = {
  administrator: NOT_ADMIN_MESSAGE,
  'read-only':
    'Your access to this program is read-only: a program administrator can make this change.',
  'regional-manager': 'Only a program administrator can do this.',
  fulfillment:
    'Your access to this program is the print vendor’s: shipping manifests and tracking only.',
}

const authPlugin: FastifyPluginAsync<AuthOptions> = async (app, options) => {
  const { config } = app
  const verify = createIdTokenVerifier({
    authority: config.OIDC_AUTHORITY ?? `${config.PUBLIC_URL}${DEV_OIDC_PATH}`,
    clientId: config.OIDC_CLIENT_ID ?? DEV_OIDC_CLIENT_ID,
    local: options.local,
    maxAgeSeconds: config.ID_TOKEN_MAX_AGE_MINUTES * 60,
  })
  const policy: RolePolicy = {
    administrators: { users: config.ADMIN_USERS, role: config.ADMIN_ROLE },
    readOnly: { users: config.READONLY_USERS, role: config.READONLY_ROLE },
    fulfillment: { users: config.FULFILLMENT_USERS, role: config.FULFILLMENT_ROLE },
    regionManagers: config.REGION_MANAGERS,
    regionRolePrefix: config.REGION_ROLE_PREFIX,
  }
  if (admitsEveryone(policy)) {
    app.log.warn(
      'ADMIN_USERS and ADMIN_ROLE are not set: every user of the sign-in authority is an administrator',
    )
  }

  async function sessionFromToken(
    token: string | undefined,
    request: FastifyRequest,
  ): Promise<SignedInUser> {
    if (!token) throw new AppError(401, SIGN_IN_MESSAGE)
    if (token.length > MAX_ID_TOKEN_LENGTH) {
      request.log.info({ length: token.length }, 'ID token rejected: too long')
      throw new AppError(401, SIGN_IN_MESSAGE)
    }
    let claims: Awaited<ReturnType<typeof verify>>
    try {
      claims = await verify(token)
    } catch (error) {
      if (error instanceof SignInUnavailableError) {
        request.log.error({ err: error }, 'ID token could not be verified')
        throw new AppError(503, 'Sign-in is not available right now. Please try again later.')
      }
      request.log.info({ reason: (error as Error).message }, 'ID token rejected')
      throw new AppError(401, SIGN_IN_MESSAGE)
    }
    const identity = identityFromClaims(claims)
    const decision = roleOf(claims, policy)
    return { identity, staff: decision && (await staffOf(identity, decision, request)) }
  }

  // The regions are the migrations' and do not change while the process runs.
  let regions: Promise<Region[]> | undefined
  async function staffOf(
    identity: AdminIdentity,
    decision: RoleDecision,
    request: FastifyRequest,
  ): Promise<Staff> {
    if (decision.role !== 'regional-manager') {
      return { ...identity, role: decision.role, regions: [], scope: EVERY_ENROLLMENT }
    }
    regions ??= options.loadRegions().catch((error: unknown) => {
      regions = undefined
      throw error
    })
    const named = regionsByName(await regions)
    const matched = new Map<number, Region>()
    for (const name of decision.regionNames) {
      const region = named(name)
      if (region) matched.set(region.id, region)
      else request.log.warn({ username: identity.username, region: name }, 'no region of this name')
    }
    const mine = [...matched.values()]
    return {
      ...identity,
      role: 'regional-manager',
      regions: mine.map((region) => region.name),
      scope: { all: false, regionIds: mine.map((region) => region.id) },
    }
  }

  async function staffFromToken(
    token: string | undefined,
    request: FastifyRequest,
  ): Promise<Staff> {
    const { identity, staff } = await sessionFromToken(token, request)
    if (!staff) {
      request.log.info({ username: identity.username }, 'signed-in user has no role in the program')
      throw new AppError(403, NOT_ADMIN_MESSAGE)
    }
    return staff
  }

  app.decorateRequest('staff', null)
  app.decorate('staffFromToken', staffFromToken)
  app.decorate('sessionFromToken', sessionFromToken)
  app.decorate('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      request.staff = await staffFromToken(bearerToken(request.headers.authorization), request)
    } catch (error) {
      if (error instanceof AppError && error.status === 401) {
        reply.header('www-authenticate', 'Bearer')
      }
      throw error
    }
  })
  app.decorate('allow', (...abilities: StaffAbility[]) => {
    return async (request: FastifyRequest) => {
      const staff = request.staff
      if (!staff) throw new AppError(401, SIGN_IN_MESSAGE)
      if (!abilities.some((ability) => roleAllows(staff.role, ability))) {
        const ability = abilities.join('|')
        request.log.info({ username: staff.username, role: staff.role, ability }, 'not allowed')
        throw new AppError(403, NOT_ALLOWED_MESSAGES[staff.role])
      }
    }
  })
}

/**
 * Finds the region a regional manager's region name names: the region of exactly that name, or
 * else the one region whose key (regionNameKey: letters and digits, any case) is the name's. A
 * name that keys to nothing ('-') names no region, nor does a key two regions share ("Great
 * Lakes" and "Great-Lakes"): a role never grants a region it might not mean.
 */
function regionsByName(regions: readonly Region[]): (name: string) => Region | undefined {
  const byName = new Map(regions.map((region) => [region.name, region]))
  const byKey = new Map<string, Region[]>()
  for (const region of regions) {
    const key = regionNameKey(region.name)
    if (key !== '') byKey.set(key, [...(byKey.get(key) ?? []), region])
  }
  return (name) => {
    const exact = byName.get(name)
    if (exact) return exact
    const keyed = byKey.get(regionNameKey(name)) ?? []
    return keyed.length === 1 ? keyed[0] : undefined
  }
}

export default fp(authPlugin, { name: 'auth' })
