import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../http/app-error.js'
import { DEV_OIDC_CLIENT_ID, DEV_OIDC_PATH } from '../public-config/public-config.js'
import {
  type AdminIdentity,
  type AdminPolicy,
  admitsEveryone,
  identityFromClaims,
  isAdministrator,
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
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 without a valid ID token, 403 for a user who is not an administrator. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>
    /** Verifies an ID token and answers its administrator, or throws the 401/403/503 AppError. */
    adminFromToken(token: string | undefined, request: FastifyRequest): Promise<AdminIdentity>
    /** Verifies an ID token: who it signs in and whether they are an administrator (401/503 AppError). */
    sessionFromToken(token: string | undefined, request: FastifyRequest): Promise<SignedInUser>
  }
  interface FastifyRequest {
    /** Set by requireAdmin. */
    admin: AdminIdentity | null
  }
}

/** Who a valid ID token signs in, administrator or not. */
export interface SignedInUser {
  identity: AdminIdentity
  administrator: boolean
}

export const SIGN_IN_MESSAGE = 'Sign in to continue.'
export const NOT_ADMIN_MESSAGE = 'You are not an administrator of this program.'

const authPlugin: FastifyPluginAsync<AuthOptions> = async (app, options) => {
  const { config } = app
  const verify = createIdTokenVerifier({
    authority: config.OIDC_AUTHORITY ?? `${config.PUBLIC_URL}${DEV_OIDC_PATH}`,
    clientId: config.OIDC_CLIENT_ID ?? DEV_OIDC_CLIENT_ID,
    local: options.local,
    maxAgeSeconds: config.ID_TOKEN_MAX_AGE_MINUTES * 60,
  })
  const policy: AdminPolicy = { users: config.ADMIN_USERS, role: config.ADMIN_ROLE }
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
    return { identity: identityFromClaims(claims), administrator: isAdministrator(claims, policy) }
  }

  async function adminFromToken(
    token: string | undefined,
    request: FastifyRequest,
  ): Promise<AdminIdentity> {
    const { identity, administrator } = await sessionFromToken(token, request)
    if (!administrator) {
      request.log.info({ username: identity.username }, 'signed-in user is not an administrator')
      throw new AppError(403, NOT_ADMIN_MESSAGE)
    }
    return identity
  }

  app.decorateRequest('admin', null)
  app.decorate('adminFromToken', adminFromToken)
  app.decorate('sessionFromToken', sessionFromToken)
  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      request.admin = await adminFromToken(bearerToken(request.headers.authorization), request)
    } catch (error) {
      if (error instanceof AppError && error.status === 401) {
        reply.header('www-authenticate', 'Bearer')
      }
      throw error
    }
  })
}

export default fp(authPlugin, { name: 'auth' })
