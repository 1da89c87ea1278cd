import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  draftQuerySchema,
  openDraftQuerySchema,
  openedDraftSchema,
  saveDraftBodySchema,
  savedDraftSchema,
} from '../../shared/enrollment/draft-schema.js'
import { CAPABILITY_HEADERS } from '../capability/capability-headers.js'
import { problemResponses } from '../http/openapi-schemas.js'
import { clientKey } from '../rate-limit/client-key.js'
import { clientLimits } from '../rate-limit/client-limits.js'
import { type DraftContext, openDraft, saveDraftAgain, saveNewDraft } from './drafts.js'

const tags = ['Drafts']

const saveRoute = {
  summary: 'Save a public form to continue later; its link is mailed',
  tags,
  body: saveDraftBodySchema,
  response: { 201: savedDraftSchema, ...problemResponses },
}

const saveAgainRoute = {
  summary: 'Save the draft of the link again (the same link; mailed again only to a new address)',
  tags,
  querystring: draftQuerySchema,
  body: saveDraftBodySchema,
  response: { 200: savedDraftSchema, ...problemResponses },
}

const openRoute = {
  summary: 'A saved draft, opened by its link on its own brand and form',
  tags,
  querystring: openDraftQuerySchema,
  response: { 200: openedDraftSchema, ...problemResponses },
}

/**
 * The draft link's token travels in the query (`?draft=`), which the log leaves out
 * (server/http/log-serializers.ts); its answers are neither cached nor sent on as a referrer.
 */
function privateAnswer(reply: FastifyReply): void {
  reply.headers(CAPABILITY_HEADERS)
}

/** Save and continue later (docs/product.md#save-and-continue-later). */
export const draftRoutes: FastifyPluginAsync<{ context: DraftContext }> = async (
  app,
  { context },
) => {
  // Each save may send a mail: counted with the submissions; opening one with the look-ups.
  const limits = clientLimits(app.config)
  const api = app.withTypeProvider<ZodTypeProvider>()

  // Every answer of these routes, problems included, is private.
  api.addHook('onRequest', async (_request, reply) => privateAnswer(reply))

  api.post('/drafts', { schema: saveRoute, config: limits.submissions }, async (request, reply) => {
    return reply.code(201).send(await saveNewDraft(context, request.body, clientKey(request.ip)))
  })

  api.put('/drafts', { schema: saveAgainRoute, config: limits.submissions }, async (request) =>
    saveDraftAgain(context, request.query.draft, request.body, clientKey(request.ip)),
  )

  api.get('/drafts', { schema: openRoute, config: limits.lookups }, async (request) =>
    openDraft(context, request.query.draft, {
      brand: request.query.brand,
      form: request.query.form,
    }),
  )
}
