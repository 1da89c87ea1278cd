import type { MailKind } from '../../shared/domain/mail-kinds.js'

/**
 * What each route reachable without staff sign-in opens, and what its answers may carry
 * (docs/security.md#capabilities): one row per route, declared once, beside the OpenAPI
 * document. `server/http/public-answers.test.ts` calls every row with real data and fails on an
 * answer field a row does not list, on a capability string (an enrollment's guid, a status or
 * draft link's token, a token's hash, a staff or metrics token) in an answer or a mail that its
 * caller did not present and the row does not give, on a route of /api/openapi.json without
 * `security` that has no row, and on a row that names no route.
 *
 * A route is `METHOD /path` as the OpenAPI document names it (`{guid}`), or as the server
 * registers an undocumented one (`/dev/mail/{id}/html`); `*` as the method is every method.
 */

/** What a caller must hold; the rows of docs/security.md's capability table, in this order. */
export const CAPABILITIES = [
  'anyone',
  'authorization link',
  'status link',
  'draft link',
  'metrics token',
  'dev aids',
] as const
export type Capability = (typeof CAPABILITIES)[number]

/** A capability a route hands out that its caller did not present (never a staff sign-in). */
export type GivenCapability = 'authorization link' | 'status link' | 'draft link'

/**
 * A JSON answer's fields, as paths from the answer's root: `reference`, `dealers[].bac`,
 * `invoice.items[].quantity`, `[].name` (an answer that is an array), `errors.*[]` (`*`: any key
 * of a record). A field listed whole (`lma.name`) also covers its parent being null (`lma`).
 */
export type AnswerFields = readonly string[]

/** An answer that is not JSON fields: a file, a page, a text, or a document of another kind. */
export interface OtherAnswer {
  readonly is: 'file' | 'page' | 'text' | 'document'
  /** The content type of its 2xx answer; '' for any (static files of several types). */
  readonly contentType: string
  /** What it holds, in words. */
  readonly what: string
}

/** A mail a route may send. */
export interface MailSent {
  /** To whom, in words. */
  readonly to: string
  /**
   * The capability the mail carries that the caller did not present, minted by this request. It
   * goes only to an address the request itself names (the form's, the one typed).
   */
  readonly gives?: GivenCapability
}

export interface PublicAnswer {
  readonly capability: Capability
  /** Its success answers: the JSON fields they may carry, or what else they are. */
  readonly answers: AnswerFields | OtherAnswer
  /** A capability its answer hands out, minted by this request (a new draft's token). */
  readonly answerGives?: GivenCapability
  /** Shows the mails the server sent, with the links in them (the dev mailbox). */
  readonly showsMail?: true
  /** The mails it may send, by kind; none when absent. */
  readonly mails?: Readonly<Partial<Record<MailKind, MailSent>>>
}

/** Every error answer: an RFC 9457 problem (shared/http/problem-schema.ts). */
export const PROBLEM_FIELDS: AnswerFields = ['type', 'title', 'status', 'detail', 'errors.*[]']

const LMA_RECORD = [
  'name',
  'contact',
  'address',
  'city',
  'state',
  'postal',
  'country',
  'previousName',
  'nameChanged',
  'emailAddress',
  'phoneNumber',
  'agencyName',
  'type',
  'authName',
  'authTitle',
  'authEmailAddress',
  'authPhoneNumber',
  'authFaxNumber',
] as const

const DEALER_ENTRY = [
  'bac',
  'name',
  'address',
  'city',
  'state',
  'postal',
  'country',
  'authName',
  'authTitle',
  'authEmailAddress',
  'authPhoneNumber',
  'authFaxNumber',
  'kitSize',
  'hispanic',
] as const

const under = (prefix: string, fields: readonly string[]) =>
  fields.map((field) => `${prefix}${field}`)

/**
 * The enrollment as its authorization link opens it: every contact, which is why the guid goes
 * to the representative only (docs/security.md#the-authorization-link).
 */
const LINKED_ENROLLMENT: AnswerFields = [
  'guid',
  'reference',
  'year',
  'brand',
  'type',
  'status',
  'regionId',
  ...under('lma.', LMA_RECORD),
  ...under('dealers[].', [...DEALER_ENTRY, 'billing']),
  'created',
  'modified',
  'version',
  'erased',
  'authorized.at',
  'authorized.by',
  'sentBack.at',
  'sentBack.reason',
]

/** The invoice's payment state as the enrollee sees it: no office reference, no id. */
const STATUS_PAYMENT = [
  'invoiceNumber',
  'invoiceDate',
  'dueDate',
  'grandTotal',
  'paidOn',
  'overdue',
  'revision',
  'standing',
  'voidCause',
  'creditDueBack',
  'paidAmount',
  'balance',
] as const

/**
 * The sales events and what shipped for each dealer: the event's name and dates, BAC, dealer
 * name, carrier, tracking number, shipped date; no address, no id (docs/product.md#status-page).
 */
const STATUS_SALES_EVENTS = [
  'salesEvents[].name',
  'salesEvents[].shipBy',
  'salesEvents[].inStoreFrom',
  'salesEvents[].inStoreTo',
  'salesEvents[].dealers[].bac',
  'salesEvents[].dealers[].name',
  'salesEvents[].dealers[].shipments[].carrier',
  'salesEvents[].dealers[].shipments[].trackingNumber',
  'salesEvents[].dealers[].shipments[].shippedOn',
] as const

const DEV_MAIL = 'every mail the server sent (authorization and status links included)'

export const PUBLIC_ANSWERS: Readonly<Record<string, PublicAnswer>> = {
  'GET /healthz': { capability: 'anyone', answers: ['status'] },
  'GET /readyz': { capability: 'anyone', answers: ['status', 'database', 'redis'] },
  'GET /metrics': {
    capability: 'metrics token',
    answers: {
      is: 'text',
      contentType: 'text/plain',
      what: 'Prometheus metrics: request counts by route pattern, the outbox, jobs, the process',
    },
  },
  'GET /api/config': {
    capability: 'anyone',
    answers: [
      'brands[].key',
      'brands[].name',
      'enrollmentYear',
      'enrollmentOpen',
      'programCalendar.opens.month',
      'programCalendar.opens.day',
      'programCalendar.deadline.month',
      'programCalendar.deadline.day',
      'programCalendar.closes.month',
      'programCalendar.closes.day',
      'support.email',
      'support.phone',
      'itSupport.name',
      'itSupport.email',
      'itSupport.phone',
      'surveyUrl',
      'auth.clientId',
      'auth.authority',
      'auth.scopes[]',
      'auth.redirectPath',
      'auth.cacheLocation',
    ],
  },
  'GET /api/regions': { capability: 'anyone', answers: ['[].id', '[].name'] },
  'POST /api/enrollments': {
    capability: 'anyone',
    answers: ['reference', 'status', 'type', 'brand', 'year'],
    mails: {
      'submission-receipt': {
        to: "the form's contact (an LMA's contact email, a dealer's authorizing person)",
        gives: 'status link',
      },
      'authorization-request': {
        to: "the LMA's authorized representative named on the form",
        gives: 'authorization link',
      },
    },
  },
  'GET /api/enrollments/autocomplete/bac': {
    capability: 'anyone',
    answers: [...under('[].', DEALER_ENTRY), '[].regionId'],
  },
  'GET /api/enrollments/autocomplete/lma-name': {
    capability: 'anyone',
    answers: [
      ...under('[].', LMA_RECORD).filter(
        (field) => field !== '[].previousName' && field !== '[].nameChanged',
      ),
      '[].regionId',
      '[].dealers[].bac',
      '[].dealers[].name',
      '[].dealers[].kitSize',
      '[].dealers[].hispanic',
    ],
  },
  'GET /api/enrollments/{guid}': { capability: 'authorization link', answers: LINKED_ENROLLMENT },
  'POST /api/enrollments/{guid}/authorize': {
    capability: 'authorization link',
    answers: LINKED_ENROLLMENT,
    mails: {
      'representative-changed': {
        to: 'the previous representative, when the authorization names another email',
      },
    },
  },
  'POST /api/drafts': {
    capability: 'anyone',
    answers: ['token', 'email', 'expiresAt', 'mailed'],
    answerGives: 'draft link',
    mails: { 'draft-link': { to: 'the address typed in the save dialog', gives: 'draft link' } },
  },
  'PUT /api/drafts': {
    capability: 'draft link',
    answers: ['token', 'email', 'expiresAt', 'mailed'],
    mails: {
      'draft-link': { to: 'the address typed, when it is a new one', gives: 'draft link' },
    },
  },
  'GET /api/drafts': {
    capability: 'draft link',
    answers: [
      'values.type',
      'values.brand',
      'values.year',
      'values.regionId',
      ...under('values.lma.', LMA_RECORD),
      ...under('values.dealers[].', [...DEALER_ENTRY, 'billing', 'simple']),
      'email',
      'savedAt',
      'expiresAt',
    ],
  },
  'GET /api/status/{token}': {
    capability: 'status link',
    answers: [
      'reference',
      'type',
      'brand',
      'year',
      'name',
      'status',
      'representative',
      'declineReason',
      'dealers[].bac',
      'dealers[].name',
      'dealers[].kits',
      'dealerCount',
      'kitCount',
      'sentBack.at',
      'sentBack.reason',
      'timeline[].event',
      'timeline[].at',
      ...under('invoice.', STATUS_PAYMENT),
      ...STATUS_SALES_EVENTS,
      'linkExpiresAt',
    ],
  },
  'GET /api/status/{token}/invoice': {
    capability: 'status link',
    answers: [
      'invoice.enrollmentReference',
      'invoice.invoiceNumber',
      'invoice.invoiceDate',
      'invoice.invoiceTerms',
      'invoice.invoiceYear',
      'invoice.invoiceBrand',
      'invoice.billTo.lines[]',
      'invoice.remitTo.lines[]',
      'invoice.items[].quantity',
      'invoice.items[].description',
      'invoice.items[].unitPrice',
      'invoice.items[].subtotal',
      'invoice.subtotal',
      'invoice.grandTotal',
      'invoice.revision',
      'invoice.standing',
      'invoice.voided.on',
      'invoice.voided.cause',
      'invoice.revisions[].revision',
      'invoice.revisions[].invoiceDate',
      'invoice.revisions[].grandTotal',
      ...under('payment.', STATUS_PAYMENT),
    ],
  },
  'GET /api/status/{token}/invoice/pdf': {
    capability: 'status link',
    answers: {
      is: 'file',
      contentType: 'application/pdf',
      what: 'the invoice as /invoice answers it, drawn as a PDF',
    },
  },
  'POST /api/status/lost-links': {
    capability: 'anyone',
    answers: ['message'],
    mails: {
      'status-link': {
        to: "the address typed, when an enrollment of the year carries it (the answer's words are the same either way)",
        gives: 'status link',
      },
    },
  },
  'GET /api/openapi.json': {
    capability: 'anyone',
    answers: { is: 'document', contentType: 'application/json', what: 'the OpenAPI document' },
  },
  'GET /api/docs': {
    capability: 'anyone',
    answers: { is: 'page', contentType: 'text/html', what: 'the API reference page (Swagger UI)' },
  },
  'GET /api/docs/json': {
    capability: 'anyone',
    answers: { is: 'document', contentType: 'application/json', what: 'the OpenAPI document' },
  },
  'GET /api/docs/yaml': {
    capability: 'anyone',
    answers: { is: 'document', contentType: 'application/x-yaml', what: 'the OpenAPI document' },
  },
  'GET /api/docs/static/index.html': {
    capability: 'anyone',
    answers: { is: 'page', contentType: 'text/html', what: "Swagger UI's page" },
  },
  'GET /api/docs/static/swagger-initializer.js': {
    capability: 'anyone',
    answers: { is: 'file', contentType: '', what: "Swagger UI's start-up script" },
  },
  'GET /api/docs/static/*': {
    capability: 'anyone',
    answers: { is: 'file', contentType: '', what: "Swagger UI's scripts, styles and images" },
  },
  'GET /dev/mail': {
    capability: 'dev aids',
    answers: { is: 'page', contentType: 'text/html', what: DEV_MAIL },
    showsMail: true,
  },
  'GET /dev/mail/messages.json': {
    capability: 'dev aids',
    answers: [
      '[].id',
      '[].outboxId',
      '[].receivedAt',
      '[].from',
      '[].to[]',
      '[].subject',
      '[].html',
      '[].text',
      '[].attachments[].filename',
      '[].attachments[].contentType',
      '[].attachments[].size',
    ],
    showsMail: true,
  },
  'GET /dev/mail/{id}/html': {
    capability: 'dev aids',
    answers: { is: 'page', contentType: 'text/html', what: 'one mail as its recipient sees it' },
    showsMail: true,
  },
  'GET /dev/mail/{id}/attachments/{index}': {
    capability: 'dev aids',
    answers: { is: 'file', contentType: '', what: "a mail's attachment (an invoice's PDF)" },
    showsMail: true,
  },
  '* /dev-oidc': {
    capability: 'dev aids',
    answers: {
      is: 'document',
      contentType: '',
      what: 'the embedded OpenID provider: discovery, keys, sign-in pages, tokens of the configured development users',
    },
  },
  '* /dev-oidc/*': {
    capability: 'dev aids',
    answers: {
      is: 'document',
      contentType: '',
      what: 'the embedded OpenID provider: discovery, keys, sign-in pages, tokens of the configured development users',
    },
  },
  'GET /dev-oidc/interaction/{uid}': {
    capability: 'dev aids',
    answers: { is: 'page', contentType: 'text/html', what: "the development sign-in's form" },
  },
  'POST /dev-oidc/interaction/{uid}/login': {
    capability: 'dev aids',
    answers: { is: 'page', contentType: '', what: 'signs a development user in (a redirect)' },
  },
  'POST /dev-oidc/interaction/{uid}/abort': {
    capability: 'dev aids',
    answers: { is: 'page', contentType: '', what: 'cancels the sign-in (a redirect)' },
  },
}

/** The row of a route (`GET /dev-oidc/jwks` falls to `* /dev-oidc/*` through its route's path). */
export function publicAnswerOf(method: string, path: string): PublicAnswer | undefined {
  return PUBLIC_ANSWERS[`${method.toUpperCase()} ${path}`] ?? PUBLIC_ANSWERS[`* ${path}`]
}
