import { timingSafeEqual } from 'node:crypto'
import { parse } from 'node:querystring'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { InteractionResults } from 'oidc-provider'
import { DEV_OIDC_PATH } from '../public-config/public-config.js'
import { devPageCsp, loginPage, messagePage } from './dev-oidc-pages.js'
import type { DevOidc } from './dev-oidc-provider.js'

interface LoginForm {
  email?: unknown
  password?: unknown
}

/**
 * The development provider's own sign-in pages (not oidc-provider's devInteractions, which let
 * anyone in): a configured email and DEV_PASSWORD; consent is implied for the one first-party client.
 */
export function devOidcInteractionRoutes(devOidc: DevOidc): FastifyPluginAsync {
  return async (app) => {
    const { config } = app
    const { accounts } = devOidc
    const csp = devPageCsp(config.PUBLIC_URL)
    const send = (reply: FastifyReply, status: number, body: string) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', csp)
        .header('cache-control', 'no-store')
        .send(body)
    const expired = (reply: FastifyReply) =>
      send(reply, 400, messagePage('Sign-in expired', ['Go back to the site and sign in again.']))

    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, parse(String(body))),
    )

    const form = (uid: string, email: string, error?: string) =>
      loginPage({
        action: `${DEV_OIDC_PATH}/interaction/${uid}/login`,
        abortAction: `${DEV_OIDC_PATH}/interaction/${uid}/abort`,
        users: config.DEV_USERS,
        email,
        error,
      })

    /** The pending interaction of this browser, when it is the one in the address. */
    async function details(request: FastifyRequest, uid: string, reply: FastifyReply) {
      const provider = await devOidc.provider()
      try {
        const interaction = await provider.interactionDetails(request.raw, reply.raw)
        return interaction.uid === uid ? interaction : undefined
      } catch {
        return undefined
      }
    }

    app.get<{ Params: { uid: string } }>('/interaction/:uid', async (request, reply) => {
      const interaction = await details(request, request.params.uid, reply)
      if (!interaction) return expired(reply)
      if (interaction.prompt.name === 'consent') {
        const provider = await devOidc.provider()
        const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: {} })
        return reply.redirect(returnTo, 303)
      }
      const hint = interaction.params.login_hint
      return send(reply, 200, form(interaction.uid, typeof hint === 'string' ? hint : ''))
    })

    app.post<{ Params: { uid: string }; Body: LoginForm }>(
      '/interaction/:uid/login',
      async (request, reply) => {
        const interaction = await details(request, request.params.uid, reply)
        if (!interaction) return expired(reply)
        const email = typeof request.body?.email === 'string' ? request.body.email.trim() : ''
        const password = typeof request.body?.password === 'string' ? request.body.password : ''
        const user = accounts.find(email)
        if (!user || !samePassword(password, config.DEV_PASSWORD)) {
          return send(reply, 401, form(interaction.uid, email, 'Unknown email or wrong password.'))
        }
        const result: InteractionResults = { login: { accountId: user.email } }
        if (interaction.prompt.name === 'select_account') result.select_account = {}
        const provider = await devOidc.provider()
        const returnTo = await provider.interactionResult(request.raw, reply.raw, result)
        return reply.redirect(returnTo, 303)
      },
    )

    app.post<{ Params: { uid: string } }>('/interaction/:uid/abort', async (request, reply) => {
      const interaction = await details(request, request.params.uid, reply)
      if (!interaction) return expired(reply)
      const provider = await devOidc.provider()
      const returnTo = await provider.interactionResult(request.raw, reply.raw, {
        error: 'access_denied',
        error_description: 'The sign-in was cancelled.',
      })
      return reply.redirect(returnTo, 303)
    })
  }
}

function samePassword(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
