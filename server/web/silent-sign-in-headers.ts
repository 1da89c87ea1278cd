import type { FastifyInstance } from 'fastify'

/** The page the sign-in library loads in a hidden iframe for a silent (prompt=none) sign-in. */
export const SILENT_SIGN_IN_PATH = '/oidc-silent.html'

/**
 * Every other page refuses to be framed (frame-ancestors 'none'); the silent sign-in page must
 * be framable by the SPA itself, or silent sign-in can never succeed. Register after helmet.
 */
export function allowSilentSignInFrame(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.split('?')[0] !== SILENT_SIGN_IN_PATH) return
    const csp = reply.raw.getHeader('content-security-policy')
    if (typeof csp === 'string') {
      reply.raw.setHeader(
        'content-security-policy',
        csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
      )
    }
    reply.raw.setHeader('x-frame-options', 'SAMEORIGIN')
  })
}
