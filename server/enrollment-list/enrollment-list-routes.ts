import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  enrollmentListChangesSchema,
  enrollmentListItemSchema,
} from '../../shared/enrollment/enrollment-wire-schema.js'
import { prepareAdminRoutes, staffOf } from '../auth/admin-routes-support.js'
import {
  type AnswerEncoding,
  chooseEncoding,
  EncodedAnswerCache,
  encodeAnswer,
} from '../http/encoded-answers.js'
import {
  adminSecurity,
  preEncoded,
  preSerialized,
  problemResponses,
} from '../http/openapi-schemas.js'
import { enrollmentListEtag, matchesIfNoneMatch } from './enrollment-list-etag.js'
import { enrollmentChangesQuery, enrollmentListQuery } from './enrollment-list-query.js'
import {
  type EnrollmentListContext,
  findEnrollmentChanges,
  findEnrollments,
  findEnrollmentsWithCursor,
} from './find-enrollments.js'

const admin = { tags: ['Admin'], security: adminSecurity }
/** What the admin list keeps of its latest answers: a year of 10,000 is about 0.5 MB gzip. */
const LIST_ANSWERS_BYTES = 16 * 1024 * 1024

const listRoute = {
  ...admin,
  summary: 'The enrollments of a year, newest change first',
  description:
    'A regional manager gets their regions’ enrollments only. Answers an ETag; sent back in If-None-Match while nothing the list shows has changed (for the same user’s role and regions), it answers 304 without a body. Without the attention, invoice, waiting and shipping filters it answers a List-Cursor header too: sent to GET /api/enrollments/changes as `since`, it answers what changed after this list was read.',
  querystring: enrollmentListQuery,
  response: {
    200: z.array(enrollmentListItemSchema).meta({
      headers: {
        ETag: {
          type: 'string',
          description: 'The list as it is; sent back in If-None-Match, a 304 while it is the same.',
        },
        'List-Cursor': {
          type: 'string',
          description:
            'Where this list was read (not with the attention, invoice, waiting and shipping filters): `since` of GET /api/enrollments/changes.',
        },
      },
    }),
    304: z
      .undefined()
      .describe('Not Modified, no body: the list is the one of the ETag in If-None-Match.'),
    ...problemResponses,
  },
}

const changesRoute = {
  ...admin,
  summary: 'What changed in the list since a cursor',
  description:
    'The rows of the list (same filters and regions as GET /api/enrollments) written since the cursor `since` (the List-Cursor header of the list, or the `cursor` of an earlier answer), and the guids it no longer shows. A cursor older than 12 hours answers `full` with the whole list.',
  querystring: enrollmentChangesQuery,
  response: { 200: enrollmentListChangesSchema, ...problemResponses },
}

/**
 * The admin list (docs/product.md#enrollment-list): GET /api/enrollments, a year's enrollments
 * for the filters, and GET /api/enrollments/changes, what changed since a cursor; every role reads
 * them, a regional manager their regions' only.
 */
export const enrollmentListRoutes: FastifyPluginAsync<{ context: EnrollmentListContext }> = async (
  app,
  { context },
) => {
  prepareAdminRoutes(app)
  const view = app.allow('view')
  const api = app.withTypeProvider<ZodTypeProvider>()
  const noStore = { 'cache-control': 'no-store' }
  // The latest lists as sent, by tag and encoding (docs/decisions.md, "The admin list answers
  // 304 while nothing changed, and keeps its latest answers"): an unchanged year costs its
  // tag's query, not the list and its compression.
  const listAnswers = new EncodedAnswerCache<{ encoding: AnswerEncoding; cursor: string }>(
    LIST_ANSWERS_BYTES,
  )

  api.get('/enrollments', { schema: listRoute, onRequest: view }, async (request, reply) => {
    reply.headers(noStore)
    reply.type('application/json; charset=utf-8')
    // A regional manager's regions only (docs/product.md#users).
    const { scope } = staffOf(request)
    const filters = { ...request.query, scope }
    // Needs attention and the dashboard's filters read the outbox, the clock or the shipments,
    // which the tag does not cover: no tag for them, and no keeping.
    const { attention, invoice, waiting, shipping } = request.query
    if (attention || invoice || waiting !== undefined || shipping) {
      return preSerialized(await findEnrollments(context, filters))
    }
    // The tag first, then the list (see enrollmentListEtag). The tag names the scope, so the
    // answers kept by it are each scope's own.
    const query = request.url.split('?')[1] ?? ''
    const etag = await enrollmentListEtag(context.enrollmentList, query, request.query.year, scope)
    reply.header('etag', etag)
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      return reply.code(304).send(undefined)
    }
    const wanted = chooseEncoding(request.headers['accept-encoding'])
    const key = `${wanted} ${etag}`
    let answer = listAnswers.get(key)
    if (!answer) {
      // The cursor of the list read now, kept with it: when a kept answer is sent later, its
      // cursor is as old as the list, and the changes since it are all that is new.
      const { list, cursor } = await findEnrollmentsWithCursor(context, filters)
      answer = { ...(await encodeAnswer(list, wanted)), cursor }
      listAnswers.set(key, answer)
    }
    reply.header('list-cursor', answer.cursor)
    reply.header('vary', 'accept-encoding')
    // Already encoded: the compress plugin leaves an answer with a Content-Encoding alone.
    if (answer.encoding !== 'identity') reply.header('content-encoding', answer.encoding)
    return reply.send(preEncoded(answer.body))
  })

  api.get(
    '/enrollments/changes',
    { schema: changesRoute, onRequest: view },
    async (request, reply) => {
      reply.headers(noStore)
      reply.type('application/json; charset=utf-8')
      const { since, ...query } = request.query
      const filters = { ...query, scope: staffOf(request).scope }
      return preSerialized(await findEnrollmentChanges(context, filters, since))
    },
  )
}
