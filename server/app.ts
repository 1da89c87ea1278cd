import { randomUUID } from 'node:crypto'
import compress from '@fastify/compress'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import helmet from 'helmet'
import { createAppContext } from './app-context.js'
import { auditRoutes } from './audit/audit-routes.js'
import authPlugin from './auth/auth-plugin.js'
import { sessionRoutes } from './auth/session-routes.js'
import type { Config } from './config/config.js'
import { dashboardRoutes } from './dashboard/dashboard-routes.js'
import type { DatabaseHandle } from './db/database.js'
import devOidcPlugin from './dev-oidc/dev-oidc-plugin.js'
import { createDevOidc } from './dev-oidc/dev-oidc-provider.js'
import type { DraftPurgeOptions } from './draft/draft-purge-job.js'
import { draftRoutes } from './draft/draft-routes.js'
import { draftComposers } from './draft/drafts.js'
import { adminEnrollmentRoutes } from './enrollment/admin-enrollment-routes.js'
import { publicEnrollmentRoutes } from './enrollment/public-enrollment-routes.js'
import { enrollmentListRoutes } from './enrollment-list/enrollment-list-routes.js'
import { healthRoutes } from './health/health-routes.js'
import { COMPRESSION } from './http/encoded-answers.js'
import { registerErrorHandling } from './http/error-handler.js'
import { answerClientError, answerFrameworkError } from './http/framework-errors.js'
import { loggedRequest } from './http/log-serializers.js'
import { registerApiDocs } from './http/openapi.js'
import { validatorCompiler } from './http/openapi-schemas.js'
import { serializerCompiler } from './http/openapi-serializer.js'
import { drawInvoicePdf } from './invoice/invoice-pdf-attachment.js'
import { invoiceRoutes } from './invoice/invoice-routes.js'
import mailPlugin, { type MailOptions } from './mail/mail-plugin.js'
import metricsPlugin, { metricsRoutes } from './metrics/metrics-plugin.js'
import { officeRoutes } from './office/office-routes.js'
import { periodicJobs } from './periodic-jobs.js'
import { publicConfigRoutes } from './public-config/public-config-routes.js'
import rateLimitPlugin from './rate-limit/rate-limit-plugin.js'
import { reEnrollmentRoutes } from './re-enrollment/re-enrollment-routes.js'
import { regionRoutes } from './region/region-routes.js'
import type { ReminderOptions } from './reminders/reminder-job.js'
import reminderPlugin from './reminders/reminder-plugin.js'
import { reminderRoutes } from './reminders/reminder-routes.js'
import { reportRoutes } from './report/report-routes.js'
import type { RetentionOptions } from './retention/retention-job.js'
import { rolloverRoutes } from './rollover/rollover-routes.js'
import schedulerPlugin from './scheduler/scheduler-plugin.js'
import { fulfillmentRoutes } from './shipping/fulfillment-routes.js'
import { shipmentRoutes } from './shipping/shipment-routes.js'
import { shippingRoutes } from './shipping/shipping-routes.js'
import { statusLinkComposers } from './status-link/status-links.js'
import { statusRoutes } from './status-link/status-routes.js'
import type { BacSuggestionTimes } from './type-ahead/bac-suggestions.js'
import { typeAheadRoutes } from './type-ahead/type-ahead-routes.js'
import './types.js'
import { allowSilentSignInFrame } from './web/silent-sign-in-headers.js'
import webPlugin from './web/web-plugin.js'

export interface AppOptions {
  config: Config
  database: DatabaseHandle
  /** Directory of the built SPA; without it only the API is served. */
  webRoot?: string | undefined
  /** Level and stream of the log (tests read it); requests are always logged without query values. */
  logger?: { level?: string; stream?: { write(line: string): void } }
  mail?: MailOptions
  reminders?: ReminderOptions
  /** Tests change how often expired drafts are purged, or turn the purge off. */
  draftPurge?: DraftPurgeOptions
  /** Tests change how often the data retention runs, or turn it off. */
  retention?: RetentionOptions
  /** Tests shorten the limits on slow clients. */
  timeouts?: Partial<Timeouts>
  /** How old the BAC type-ahead's directory may be (tests read through with 0). */
  bacSuggestionTimes?: BacSuggestionTimes
}

interface Timeouts {
  /** From the first byte of a request to its last; a slower upload is answered 408 and cut. */
  requestMs: number
  /** From the first byte to the end of the headers (at most requestMs). */
  headersMs: number
  /** A connection with nothing moving in either direction is closed. */
  idleMs: number
  /** How often Node looks for requests over their time. */
  checkIntervalMs: number
}

/** A form posts a few kilobytes: 30 s is plenty on the slowest line, and bounds a slow-body attack. */
const TIMEOUTS: Timeouts = {
  requestMs: 30_000,
  headersMs: 20_000,
  idleMs: 60_000,
  checkIntervalMs: 2_000,
}

type CompilersFactory = NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/

export async function buildApp({
  config,
  database,
  webRoot,
  logger,
  mail,
  reminders,
  draftPurge,
  retention,
  timeouts,
  bacSuggestionTimes,
}: AppOptions): Promise<FastifyInstance> {
  const limits = { ...TIMEOUTS, ...timeouts }
  const app = Fastify({
    requestTimeout: limits.requestMs,
    connectionTimeout: limits.idleMs,
    // After an answer Node times an idle keep-alive connection by keepAliveTimeout (Fastify's
    // default 72 s), not connectionTimeout: the same limit, so header, close and docs agree.
    keepAliveTimeout: limits.idleMs,
    // Node enforces requestTimeout only with a headersTimeout no longer than it, given at creation.
    http: {
      requestTimeout: limits.requestMs,
      headersTimeout: Math.min(limits.requestMs, limits.headersMs),
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    logger: {
      level: config.LOG_LEVEL,
      ...(typeof logger === 'object' ? logger : {}),
      serializers: { req: loggedRequest },
    },
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id']
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    },
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // The app's own compilers, given at construction: set afterwards, Fastify would first load
    // its default ones (ajv with its JTD compiler, about 25 ms of start-up) only to replace them.
    // (Fastify types the factories as ajv's and fast-json-stringify's, hence the cast.)
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler,
        buildSerializer: () => serializerCompiler,
      } as unknown as CompilersFactory,
    },
  })
  app.decorate('config', config)
  app.decorate('database', database)
  // The one context of repositories (server/app-context.ts), handed to every route, job and
  // operation below; none makes a repository of its own.
  const context = createAppContext(database.db, config, { kick: () => app.mail.kick() })
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  registerErrorHandling(app)

  // helmet's middleware, built once: @fastify/helmet builds it again on every request, which
  // was 3% of the server's time under a load of submissions (docs/decisions.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: [
          "'self'",
          ...(config.OIDC_AUTHORITY ? [new URL(config.OIDC_AUTHORITY).origin] : []),
        ],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.PUBLIC_URL.startsWith('https:') ? [] : null,
      },
    },
    strictTransportSecurity: config.PUBLIC_URL.startsWith('https:')
      ? { maxAge: 31536000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // As frame-ancestors 'none', for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  })
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined))
  })

  allowSilentSignInFrame(app)

  // Answers over 1 KB (index.html, the API's larger answers) go out compressed, as the admin
  // list's kept answers are (encoded-answers.ts); built assets are served as they were
  // compressed at build time (.br, .gz) by the web plugin.
  await app.register(compress, COMPRESSION)

  // Before every route, so that each route gets its request counts (server/metrics/).
  await app.register(metricsPlugin)
  await app.register(rateLimitPlugin, {
    onRefused: (route) => app.metrics.rateLimitRefused(route),
  })
  // Before every route, so that the document and its route list see them all.
  await registerApiDocs(app)
  await app.register(mailPlugin, {
    ...mail,
    outbox: context.outbox,
    budgets: context.mailBudgets,
    attachmentRenderers: { 'invoice-pdf': drawInvoicePdf },
    composers: () => ({ ...statusLinkComposers(context), ...draftComposers(context) }),
  })
  await app.register(reminderPlugin, { context })
  // Every periodic job: the reminders, the purges of drafts and links, the data retention.
  await app.register(schedulerPlugin, {
    jobs: (instance) => periodicJobs(instance, context, { reminders, draftPurge, retention }),
    scheduledJobs: context.scheduledJobs,
    runs: app.metrics,
  })
  // Without OIDC_AUTHORITY the development provider signs users in, in this process.
  const devOidc = config.OIDC_AUTHORITY ? undefined : await createDevOidc(config)
  if (devOidc) await app.register(devOidcPlugin, { devOidc })
  await app.register(authPlugin, {
    local: devOidc?.trust,
    loadRegions: () => context.regions.list(),
  })
  await app.register(healthRoutes)
  await app.register(metricsRoutes, {
    outbox: () => context.outbox.figures(),
    pool: () => database.poolUse?.(),
  })
  await app.register(
    async (api) => {
      await api.register(publicConfigRoutes)
      await api.register(sessionRoutes)
      await api.register(regionRoutes, { context })
      await api.register(publicEnrollmentRoutes, { context })
      await api.register(typeAheadRoutes, { context, bacSuggestionTimes })
      await api.register(draftRoutes, { context })
      await api.register(enrollmentListRoutes, { context })
      await api.register(adminEnrollmentRoutes, { context })
      await api.register(officeRoutes, { context })
      await api.register(invoiceRoutes, { context })
      await api.register(reportRoutes, { context })
      await api.register(rolloverRoutes, { context })
      await api.register(dashboardRoutes, { context })
      await api.register(reminderRoutes, { context })
      await api.register(reEnrollmentRoutes, { context })
      await api.register(statusRoutes, { context })
      await api.register(auditRoutes, { context })
      await api.register(shippingRoutes, { context })
      await api.register(fulfillmentRoutes, { context })
      await api.register(shipmentRoutes, { context })
    },
    { prefix: '/api' },
  )
  if (webRoot) await app.register(webPlugin, { root: webRoot })
  return app
}

type TrustProxy = boolean | string | ((address: string, hop: number) => boolean)

/** TRUST_PROXY: true, a hop count, or addresses/subnets (comma-separated) of the load balancers. */
function parseTrustProxy(value: string | undefined): TrustProxy {
  if (!value || value === 'false') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  return value
}
