import { randomBytes } from 'node:crypto'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import { capabilityHash } from '../capability/capability-token.js'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
  type Inject,
  signedInAs,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import {
  markdownSection,
  markdownTables,
  repositoryDocument,
} from '../test-support/markdown-tables.js'
import { pdfText } from '../test-support/pdf-text.js'
import { documentPath } from '../test-support/response-conformance.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { registeredRoutes } from './openapi.js'
import {
  type AnswerFields,
  CAPABILITIES,
  type GivenCapability,
  PROBLEM_FIELDS,
  PUBLIC_ANSWERS,
  type PublicAnswer,
} from './public-answers.js'

/**
 * Issue 29 (security), item 1: what each capability opens is declared once
 * (server/http/public-answers.ts) and every answer of every route reachable without staff
 * sign-in is held to it, with real data: a dealer and an LMA submitted through the public API,
 * the LMA authorized through the link its representative was mailed and approved by an
 * administrator (so it has an invoice), a draft saved, status links from the receipts.
 *
 * Each call fails the test on (a) an answer field, at any depth, that its row does not list; (b)
 * an enrollment guid, a status or draft link's token, a token's hash, a staff ID token or the
 * metrics token in the answer's body, headers or PDF text, or in a mail the call caused, that
 * the caller did not present, unless its row gives that capability there (a new draft's token
 * in the save's answer; the receipt's status link, the representative's authorization request
 * to an address the request names). (c) The table against the OpenAPI document and the routes
 * the server registers.
 */

type Json = Record<string, unknown>

const UNKNOWN_TOKEN = 'Zz9'.repeat(14).slice(0, 43)
const UNKNOWN_GUID = '6f1c2b9e-3d4a-4c5b-8e7f-0a1b2c3d4e5f'

/** Which rows were called, across the describes below (the last one checks it). */
const exercised = new Set<string>()

// ---------------------------------------------------------------------------------------------
// Field paths

/** `invoice.items[].quantity` → ['invoice', 'items', '[]', 'quantity']. */
function segments(path: string): string[] {
  return path.split('.').flatMap((part) => {
    const [, name = '', arrays = ''] = part.match(/^(.*?)((?:\[\])*)$/) ?? []
    return [...(name ? [name] : []), ...Array.from({ length: arrays.length / 2 }, () => '[]')]
  })
}

function joined(path: readonly string[]): string {
  return path.reduce((text, segment) => {
    if (segment === '[]') return `${text}[]`
    return text ? `${text}.${segment}` : segment
  }, '')
}

interface Leaf {
  path: string[]
  /** null, [] or {}: stands for the fields under it, which this answer does not have. */
  empty: boolean
}

/** Every leaf of a JSON value, by its path from the root (arrays as `[]`). */
function leaves(value: unknown, path: string[] = []): Leaf[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return [{ path: [...path, '[]'], empty: true }]
    return value.flatMap((item) => leaves(item, [...path, '[]']))
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
    if (entries.length === 0) return [{ path, empty: true }]
    return entries.flatMap(([key, item]) => leaves(item, [...path, key]))
  }
  return [{ path, empty: value === null }]
}

function covers(pattern: readonly string[], leaf: Leaf): boolean {
  if (leaf.path.length > pattern.length) return false
  if (leaf.path.length < pattern.length && !leaf.empty) return false
  return leaf.path.every((segment, index) => {
    const wanted = pattern[index]
    return wanted === '*' ? segment !== '[]' : wanted === segment
  })
}

/** The fields of an answer that no pattern of the row covers. */
function unlistedFields(answer: unknown, fields: AnswerFields): string[] {
  const patterns = fields.map(segments)
  const outside = leaves(answer)
    .filter((leaf) => !patterns.some((pattern) => covers(pattern, leaf)))
    .map((leaf) => joined(leaf.path) || '(the answer itself)')
  return [...new Set(outside)]
}

/** The leaf fields a JSON schema of the document declares (records as `*`, null left out). */
function schemaFields(
  document: Json,
  schema: unknown,
  path: string[] = [],
  seen = new Set<string>(),
): string[] {
  if (!schema || typeof schema !== 'object') return []
  const node = schema as Json
  if (typeof node.$ref === 'string') {
    const name = node.$ref.split('/').pop() ?? ''
    if (seen.has(name)) return [joined(path)]
    const schemas = (document.components as { schemas: Json }).schemas
    return schemaFields(document, schemas[name], path, new Set([...seen, name]))
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const branches = node[key]
    if (Array.isArray(branches)) {
      return branches.flatMap((branch) => schemaFields(document, branch, path, seen))
    }
  }
  const types = [node.type].flat()
  if (types.length === 1 && types[0] === 'null') return []
  if (types.includes('array')) return schemaFields(document, node.items, [...path, '[]'], seen)
  if (types.includes('object') || node.properties) {
    const properties = Object.entries((node.properties ?? {}) as Json)
    const record =
      node.additionalProperties && typeof node.additionalProperties === 'object'
        ? schemaFields(document, node.additionalProperties, [...path, '*'], seen)
        : []
    if (properties.length === 0 && record.length === 0) return [joined(path)]
    return [
      ...properties.flatMap(([key, value]) => schemaFields(document, value, [...path, key], seen)),
      ...record,
    ]
  }
  return [joined(path)]
}

// ---------------------------------------------------------------------------------------------
// Capability strings

type SecretKind =
  | 'enrollment guid'
  | 'status link token'
  | 'draft link token'
  | 'capability token'
  | "a token's hash"
  | 'staff ID token'
  | 'metrics token'

interface Found {
  kind: SecretKind
  /** The guid (lower case, with hyphens), the token, the hash or the fixed secret. */
  value: string
}

const GIVES: Partial<Record<SecretKind, GivenCapability>> = {
  'enrollment guid': 'authorization link',
  'status link token': 'status link',
  'draft link token': 'draft link',
}

/** The capability a table of tokens opens, by the table that keeps their hashes. */
const TOKEN_TABLES: Record<string, SecretKind> = {
  status_links: 'status link token',
  enrollment_drafts: 'draft link token',
  draft_links: 'draft link token',
}

const TOKEN_SHAPE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g
const HASH_SHAPE = /(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])/g

/**
 * Every capability string the database knows of: the enrollments' guids, and the hashes of
 * every table with a `token_hash` column (a token is recognized by its hash wherever it shows;
 * a copy of the database holds no token). Kept for the whole test: a draft submitted or an
 * enrollment deleted still has a secret that must show nowhere.
 */
class Secrets {
  readonly guids = new Set<string>()
  readonly hashes = new Map<string, SecretKind>()
  readonly tokens = new Map<string, SecretKind>()
  readonly fixed = new Map<string, SecretKind>()

  async refresh(t: TestApp): Promise<void> {
    const db = t.database.db
    const enrollments = await sql<{ guid: string }>`select guid from enrollments`.execute(db)
    for (const row of enrollments.rows) this.guids.add(row.guid.toLowerCase())
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where column_name = 'token_hash' and table_schema = current_schema()`.execute(db)
    for (const { table_name: table } of tables.rows) {
      const kind = TOKEN_TABLES[table] ?? 'capability token'
      const hashes = await sql<{ token_hash: string }>`
        select token_hash from ${sql.table(table)}`.execute(db)
      for (const row of hashes.rows) this.hashes.set(row.token_hash.toLowerCase(), kind)
    }
  }

  /** What is known now: guids and hashes, to tell a string minted by a call from an older one. */
  snapshot(): Set<string> {
    return new Set([...this.guids, ...this.hashes.keys()])
  }

  isNew(found: Found, before: Set<string>): boolean {
    if (found.kind === 'enrollment guid') return !before.has(found.value)
    return GIVES[found.kind] !== undefined && !before.has(capabilityHash(found.value))
  }

  find(text: string): Found[] {
    const found = new Map<string, Found>()
    const add = (kind: SecretKind, value: string) => found.set(`${kind} ${value}`, { kind, value })
    const lower = text.toLowerCase()
    for (const guid of this.guids) {
      if (lower.includes(guid) || lower.includes(guid.replaceAll('-', ''))) {
        add('enrollment guid', guid)
      }
    }
    for (const [token] of text.matchAll(TOKEN_SHAPE)) {
      const kind = this.hashes.get(capabilityHash(token))
      if (kind) this.tokens.set(token, kind)
    }
    for (const [token, kind] of this.tokens) if (text.includes(token)) add(kind, token)
    for (const [hash] of text.matchAll(HASH_SHAPE)) {
      if (this.hashes.has(hash.toLowerCase())) add("a token's hash", hash.toLowerCase())
    }
    for (const [value, kind] of this.fixed) if (text.includes(value)) add(kind, value)
    return [...found.values()]
  }
}

function describeFound(found: Found): string {
  return `${found.kind} ${found.value.slice(0, 12)}…`
}

// ---------------------------------------------------------------------------------------------
// Mails

interface OutboxRow {
  id: string
  kind: string
  recipient: string
  subject: string
  text: string
  html: string
  enrollmentGuid: string | null
  attachments: unknown
  sent: boolean
  done: boolean
}

/** A mail as kept in the outbox or as the dev mailbox received it, with the kinds it may be. */
interface SeenMail {
  where: string
  kinds: string[]
  recipients: string[]
  enrollmentGuid: string | null
  found: Found[]
}

async function outboxMaxId(t: TestApp): Promise<string> {
  const result = await sql<{ max: string }>`
    select coalesce(max(id), 0)::text as max from outbox`.execute(t.database.db)
  return result.rows[0]?.max ?? '0'
}

async function outboxSince(t: TestApp, after: string): Promise<OutboxRow[]> {
  const result = await sql<Json>`
    select *, id::text as id_text from outbox where id > cast(${after} as bigint) order by id`.execute(
    t.database.db,
  )
  return result.rows.map((row) => ({
    id: String(row.id_text),
    kind: String(row.kind),
    recipient: String(row.recipient),
    subject: String(row.subject ?? ''),
    text: String(row.text ?? ''),
    html: String(row.html ?? ''),
    enrollmentGuid: (row.enrollment_guid as string | null) ?? null,
    attachments: row.attachments,
    sent: row.sent_at != null,
    // Sent, failed an attempt, or held back (a budget spent): the worker is done with it.
    done: row.sent_at != null || row.last_error != null || (row.held_at ?? null) != null,
  }))
}

/** The text a file holds: a PDF's as a reader extracts it (with and without its spaces). */
async function fileText(bytes: Uint8Array, contentType: string): Promise<string> {
  const isPdf =
    contentType.includes('pdf') || Buffer.from(bytes.subarray(0, 5)).toString() === '%PDF-'
  if (!isPdf) return Buffer.from(bytes).toString('utf8')
  const { text } = await pdfText(bytes)
  return `${text}\n${text.replace(/\s+/g, '')}`
}

async function attachmentsText(attachments: unknown): Promise<string> {
  const list = (typeof attachments === 'string' ? JSON.parse(attachments) : attachments) as Array<{
    content?: string
    contentType?: string
    render?: unknown
  }> | null
  const texts: string[] = []
  for (const attachment of list ?? []) {
    if (attachment.content) {
      texts.push(
        await fileText(Buffer.from(attachment.content, 'base64'), attachment.contentType ?? ''),
      )
    }
    // One drawn when sent (the invoice's PDF) is read as the dev mailbox received it.
  }
  return texts.join('\n')
}

// ---------------------------------------------------------------------------------------------
// The table against the document and the server's routes

function rowPattern(route: string): { method: string; path: RegExp } {
  const [method = '', path = ''] = route.split(' ')
  const pattern = path
    .split(/(\{[^}]+\}|\*)/)
    .map((part) => {
      if (part === '*') return '.*'
      if (/^\{[^}]+\}$/.test(part)) return '[^/]+'
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('')
  return { method, path: new RegExp(`^${pattern}$`) }
}

/** A request of this row: its method and path fit the row's. */
function fitsRow(route: string, options: InjectOptions): boolean {
  const { method, path } = rowPattern(route)
  const url = String(options.url ?? '').split('?')[0] ?? ''
  const requested = String(options.method ?? 'GET').toUpperCase()
  return (method === '*' || method === requested) && path.test(url)
}

function isStaffOperation(operation: { security?: Array<Record<string, unknown>> }): boolean {
  return (operation.security ?? []).some((requirement) => 'bearerIdToken' in requirement)
}

function documentOperations(document: Json) {
  const paths = document.paths as Record<string, Record<string, Json>>
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path}`,
      operation: operation as Json & { security?: Array<Record<string, unknown>> },
    })),
  )
}

describe('the table of public answers against the OpenAPI document and the registered routes', () => {
  let t: TestApp
  let document: Json
  beforeAll(async () => {
    // Without OIDC_AUTHORITY and SMTP_URL, both development aids run: every route is registered.
    t = await createTestApp('pglite', {}, { mail: { worker: false } })
    document = (await t.app.inject('/api/openapi.json')).json()
  })
  afterAll(() => t.close())

  it('has a row for every route of the document without staff sign-in, and none for a staff route', () => {
    const operations = documentOperations(document)
    const missing = operations
      .filter(({ route, operation }) => !isStaffOperation(operation) && !PUBLIC_ANSWERS[route])
      .map(({ route }) => route)
    expect(missing, 'routes reachable without staff sign-in with no row').toEqual([])
    const staff = operations
      .filter(({ route, operation }) => isStaffOperation(operation) && PUBLIC_ANSWERS[route])
      .map(({ route }) => route)
    expect(staff, 'rows of routes that need staff sign-in').toEqual([])
  })

  it('has a row for every route the server registers outside the document', () => {
    const documented = new Set(documentOperations(document).map(({ route }) => route))
    const missing = registeredRoutes(t.app)
      .map(({ method, url }) => ({ method, path: documentPath(url) }))
      .filter(({ method, path }) => !documented.has(`${method} ${path}`))
      .filter(
        ({ method, path }) => !PUBLIC_ANSWERS[`${method} ${path}`] && !PUBLIC_ANSWERS[`* ${path}`],
      )
      .map(({ method, path }) => `${method} ${path}`)
    expect([...new Set(missing)]).toEqual([])
  })

  it('names no route that does not exist', () => {
    const registered = registeredRoutes(t.app).map(({ method, url }) => ({
      method,
      path: documentPath(url),
    }))
    const stale = Object.keys(PUBLIC_ANSWERS).filter((route) => {
      const [method, path] = route.split(' ')
      return !registered.some(
        (each) => each.path === path && (method === '*' || each.method === method),
      )
    })
    expect(stale).toEqual([])
  })

  it("lists exactly the fields each documented route's success answer declares", () => {
    const disagreements: string[] = []
    for (const { route, operation } of documentOperations(document)) {
      const row = PUBLIC_ANSWERS[route]
      if (!row || !Array.isArray(row.answers)) continue
      const responses = operation.responses as Record<string, { content?: Record<string, Json> }>
      const declared = new Set(
        Object.entries(responses)
          .filter(([status]) => status.startsWith('2'))
          .flatMap(([, response]) =>
            schemaFields(document, response.content?.['application/json']?.schema),
          ),
      )
      const listed = new Set(row.answers)
      for (const field of declared) {
        if (!listed.has(field)) disagreements.push(`${route}: declares ${field}, the row does not`)
      }
      for (const field of listed) {
        if (!declared.has(field))
          disagreements.push(`${route}: lists ${field}, no schema declares it`)
      }
    }
    expect(disagreements).toEqual([])
  })

  it('the embedded sign-in answers its own pages only', async () => {
    const calls: Array<[string, InjectOptions]> = [
      ['* /dev-oidc/*', { url: '/dev-oidc/.well-known/openid-configuration' }],
      ['* /dev-oidc', { url: '/dev-oidc' }],
      ['GET /dev-oidc/interaction/{uid}', { url: '/dev-oidc/interaction/unknown' }],
      [
        'POST /dev-oidc/interaction/{uid}/login',
        {
          method: 'POST',
          url: '/dev-oidc/interaction/unknown/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'email=nobody%40example.com&password=x',
        },
      ],
      [
        'POST /dev-oidc/interaction/{uid}/abort',
        { method: 'POST', url: '/dev-oidc/interaction/unknown/abort' },
      ],
    ]
    const wrong: string[] = []
    for (const [route, options] of calls) {
      expect(fitsRow(route, options), `${route}: ${options.url}`).toBe(true)
      const response = await t.app.inject(options)
      exercised.add(route)
      if (response.statusCode >= 500) wrong.push(`${route} ${options.url}: ${response.statusCode}`)
    }
    expect(wrong).toEqual([])
  })
})

// ---------------------------------------------------------------------------------------------
// Every public route, called with real data

interface Failures {
  fields: string[]
  secrets: string[]
  mails: string[]
  statuses: string[]
}

describe.each(testDatabaseKinds())('what each public route answers, on %s', (kind) => {
  let t: AdminTestApp
  let asAdmin: Inject
  const secrets = new Secrets()
  const failures: Failures = { fields: [], secrets: [], mails: [], statuses: [] }
  /** Every secret some mail carried: what the dev mailbox may show. */
  const mailed = new Set<string>()
  let lastDelivered = 0

  const mailbox = () => t.app.mail.devMailbox

  /**
   * The outbox's mails after `after`, once the worker is done with each, and the dev mailbox has
   * received each one sent.
   */
  async function settleMails(after: string, deliveredAfter = lastDelivered): Promise<OutboxRow[]> {
    const deadline = Date.now() + 15_000
    for (;;) {
      const rows = await outboxSince(t, after)
      const delivered = (mailbox()?.messages() ?? []).filter((mail) => mail.id > deliveredAfter)
      const sent = rows.filter((row) => row.sent).length
      const settled = rows.every((row) => row.done) && delivered.length >= sent
      if (settled || Date.now() > deadline) return rows
      t.app.mail.kick()
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  /** The mails a call caused: as the outbox keeps them and as the dev mailbox received them. */
  async function mailsOf(rows: OutboxRow[]): Promise<SeenMail[]> {
    const seen: SeenMail[] = []
    for (const row of rows) {
      const text = [
        row.recipient,
        row.subject,
        row.text,
        row.html,
        await attachmentsText(row.attachments),
      ]
      seen.push({
        where: `outbox #${row.id} (${row.kind} to ${row.recipient})`,
        kinds: [row.kind],
        recipients: [row.recipient],
        enrollmentGuid: row.enrollmentGuid,
        found: secrets.find(text.join('\n')),
      })
    }
    const delivered = (mailbox()?.messages() ?? []).filter((mail) => mail.id > lastDelivered)
    for (const mail of delivered) {
      lastDelivered = Math.max(lastDelivered, mail.id)
      const to = mail.to.map((address) => address.toLowerCase())
      const sameRecipient = rows.filter((row) =>
        to.some((address) => address.includes(row.recipient.toLowerCase())),
      )
      const sameSubject = sameRecipient.filter((row) => row.subject === mail.subject)
      // The mailbox names the outbox row a mail was sent from, where the mail's id names it.
      const outboxId = (mail as { outboxId?: string }).outboxId
      const sameRow = rows.filter((row) => row.id === outboxId)
      const matched = [sameRow, sameSubject, sameRecipient].find((each) => each.length > 0) ?? []
      const attachments: string[] = []
      for (const [index, attachment] of mail.attachments.entries()) {
        const bytes = mailbox()?.attachmentContent(mail.id, index)
        if (bytes) attachments.push(await fileText(bytes, attachment.contentType))
      }
      seen.push({
        where: `delivered mail ${mail.id} (${mail.subject} to ${mail.to.join(', ')})`,
        kinds: [...new Set(matched.map((row) => row.kind))],
        recipients: mail.to,
        enrollmentGuid: matched[0]?.enrollmentGuid ?? null,
        found: secrets.find([mail.subject, mail.text, mail.html, ...attachments].join('\n')),
      })
    }
    for (const mail of seen) for (const found of mail.found) mailed.add(found.value)
    return seen
  }

  async function answerText(response: LightMyRequestResponse): Promise<string> {
    const contentType = String(response.headers['content-type'] ?? '')
    const headers = Object.entries(response.headers)
      .map(([name, value]) => `${name}: ${[value].flat().join(', ')}`)
      .join('\n')
    const body = contentType.includes('pdf')
      ? await fileText(response.rawPayload, contentType)
      : response.body
    return `${headers}\n${body}`
  }

  function checkFields(route: string, row: PublicAnswer, response: LightMyRequestResponse): void {
    const contentType = String(response.headers['content-type'] ?? '')
    const where = `${route} (${response.statusCode})`
    const success = response.statusCode >= 200 && response.statusCode < 300
    if (contentType.startsWith('application/problem+json')) {
      for (const field of unlistedFields(response.json(), PROBLEM_FIELDS)) {
        failures.fields.push(`${where}: the problem carries ${field}`)
      }
      return
    }
    if (!success) return
    if (Array.isArray(row.answers)) {
      const fields = row.answers as AnswerFields
      if (!contentType.startsWith('application/json')) {
        failures.fields.push(`${where}: answers ${contentType}, the row lists JSON fields`)
        return
      }
      for (const field of unlistedFields(response.json(), fields)) {
        failures.fields.push(`${where}: answers ${field}, which its row does not list`)
      }
      return
    }
    const other = row.answers as Exclude<PublicAnswer['answers'], AnswerFields>
    if (other.contentType && !contentType.startsWith(other.contentType)) {
      failures.fields.push(`${where}: answers ${contentType}, the row says ${other.contentType}`)
    }
  }

  /**
   * Makes the request as a stranger holding only what it sends, and checks the answer and the
   * mails it caused against the route's row.
   */
  async function call(
    route: string,
    options: InjectOptions,
    expected: number | 'ok' | 'any' = 'ok',
  ): Promise<{ response: LightMyRequestResponse; mails: SeenMail[] }> {
    const row = PUBLIC_ANSWERS[route]
    if (!row) throw new Error(`No row for ${route}`)
    if (!fitsRow(route, options)) throw new Error(`${options.url} is not a request of ${route}`)
    exercised.add(route)
    await secrets.refresh(t)
    const before = secrets.snapshot()
    const outboxBefore = await outboxMaxId(t)
    const response = await t.app.inject(options)
    const rows = await settleMails(outboxBefore)
    await secrets.refresh(t)

    const where = `${route} ${String(options.url).split('?')[0]} (${response.statusCode})`
    const status = response.statusCode
    const wrongStatus =
      expected === 'ok' ? status >= 400 : expected !== 'any' && status !== expected
    if (wrongStatus || status >= 500) {
      failures.statuses.push(`${where}: expected ${expected}; ${response.body.slice(0, 200)}`)
    }
    checkFields(route, row, response)

    const request = [
      String(options.url ?? ''),
      typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload ?? ''),
      JSON.stringify(options.headers ?? {}),
      JSON.stringify(options.query ?? {}),
    ].join('\n')
    const presented = new Set(secrets.find(request).map((found) => found.value))
    const requestText = request.toLowerCase()

    const mails = await mailsOf(rows)
    for (const found of secrets.find(await answerText(response))) {
      if (presented.has(found.value)) continue
      const given = secrets.isNew(found, before) && row.answerGives === GIVES[found.kind]
      const shown = row.showsMail && mailed.has(found.value)
      if (!given && !shown) {
        failures.secrets.push(
          `${where}: the answer carries ${describeFound(found)}, which its caller did not present`,
        )
      }
    }
    for (const mail of mails) {
      for (const kindOfMail of mail.kinds) {
        if (!row.mails?.[kindOfMail as keyof NonNullable<PublicAnswer['mails']>]) {
          failures.mails.push(`${where}: sends a ${kindOfMail} mail, which its row does not name`)
        }
      }
      for (const found of mail.found) {
        if (presented.has(found.value)) continue
        const givingKinds = mail.kinds.filter(
          (each) =>
            row.mails?.[each as keyof NonNullable<PublicAnswer['mails']>]?.gives ===
            GIVES[found.kind],
        )
        const toRequested = mail.recipients.every((address) =>
          requestText.includes(address.toLowerCase().replace(/^.*<|>$/g, '')),
        )
        const given =
          secrets.isNew(found, before) &&
          givingKinds.length > 0 &&
          (found.kind !== 'enrollment guid' || mail.enrollmentGuid === found.value) &&
          toRequested
        if (!given) {
          failures.secrets.push(
            `${where}: ${mail.where} carries ${describeFound(found)}, which the caller did not present`,
          )
        }
      }
    }
    return { response, mails }
  }

  /** The capability of a kind that a call's mails of a kind carried. */
  function carried(mails: SeenMail[], mailKind: string, secretKind: SecretKind): string {
    const value = mails
      .filter((mail) => mail.kinds.includes(mailKind))
      .flatMap((mail) => mail.found)
      .find((found) => found.kind === secretKind)?.value
    if (!value) throw new Error(`No ${secretKind} in a ${mailKind} mail`)
    return value
  }

  const post = (url: string, payload: unknown): InjectOptions => ({
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
  })

  function draftValues(enrollment: Enrollment) {
    const { status: _status, guid: _guid, ...values } = enrollment
    return values
  }

  beforeAll(async () => {
    const metricsToken = randomBytes(24).toString('hex')
    t = await createAdminTestApp(kind, { METRICS_TOKEN: metricsToken })
    const admin = await signedInAs(t, ADMIN_CLAIMS)
    asAdmin = admin.inject
    secrets.fixed.set(admin.token, 'staff ID token')
    secrets.fixed.set(metricsToken, 'metrics token')
    lastDelivered = Math.max(0, ...(mailbox()?.messages() ?? []).map((mail) => mail.id))

    // Last year's enrollments, which the type-aheads suggest from.
    const earlierBac = '730123'
    await call(
      'POST /api/enrollments',
      post('/api/enrollments', lmaEnrollment(2, { name: 'Prairie Earlier Dealers' })),
      201,
    )
    await call(
      'POST /api/enrollments',
      post(
        '/api/enrollments',
        dealerEnrollment({ bac: earlierBac, name: 'Prairie Earlier Motors' }),
      ),
      201,
    )
    const db = t.database.db
    await sql`update enrollments set year = 2024`.execute(db)
    await sql`update enrollment_dealers set year = 2024`.execute(db)
    await db
      .insertInto('dealer_directory')
      .values({
        bac: earlierBac,
        name: 'Prairie Earlier Motors',
        address: '1 Main Street',
        city: 'Springfield',
        state: 'IL',
        postal: '62701',
        country: 'USA',
      })
      .execute()

    const regions = await call('GET /api/regions', { url: '/api/regions' })
    const regionId = (regions.response.json() as Array<{ id: number }>)[0]?.id ?? null
    await call('GET /api/config', { url: '/api/config' })
    await call('GET /healthz', { url: '/healthz' })
    await call('GET /readyz', { url: '/readyz' })

    // This year's dealer and LMA, submitted by the public forms.
    const dealer = await call(
      'POST /api/enrollments',
      post(
        '/api/enrollments',
        dealerEnrollment({
          name: 'Capability Motors',
          authEmailAddress: 'dana@capability-motors.example',
        }),
      ),
      201,
    )
    const lmaBody = lmaEnrollment(3, {
      name: 'Capability Dealers Association',
      emailAddress: 'billing@capability.example',
      authEmailAddress: 'robin@capability.example',
    })
    const lma = await call('POST /api/enrollments', post('/api/enrollments', lmaBody), 201)
    const lmaGuid = carried(lma.mails, 'authorization-request', 'enrollment guid')
    const lmaStatus = carried(lma.mails, 'submission-receipt', 'status link token')
    const dealerStatus = carried(dealer.mails, 'submission-receipt', 'status link token')
    // A dealer enrollment's guid is mailed to no one: a stranger who has it anyway.
    const dealerReference = (dealer.response.json() as { reference: string }).reference
    const dealerGuid = (
      await db
        .selectFrom('enrollments')
        .select('guid')
        .where('reference', '=', dealerReference)
        .executeTakeFirstOrThrow()
    ).guid

    // The type-aheads, with last year's answers to suggest.
    const bac = await call('GET /api/enrollments/autocomplete/bac', {
      url: `/api/enrollments/autocomplete/bac?value=${earlierBac.slice(0, 5)}`,
    })
    expect(bac.response.json(), 'the BAC type-ahead suggests last year’s dealer').not.toEqual([])
    const names = await call('GET /api/enrollments/autocomplete/lma-name', {
      url: '/api/enrollments/autocomplete/lma-name?value=Prairie',
    })
    expect(names.response.json(), 'the LMA type-ahead suggests last year’s LMA').not.toEqual([])

    // Save and continue later: saved, saved again to another address, opened.
    const draftForm = lmaEnrollment(2, { name: 'Capability Draft Dealers' })
    const saved = await call(
      'POST /api/drafts',
      post('/api/drafts', { email: 'saver@capability.example', values: draftValues(draftForm) }),
      201,
    )
    const draftToken = (saved.response.json() as { token: string }).token
    await call(
      'PUT /api/drafts',
      {
        method: 'PUT',
        url: `/api/drafts?draft=${draftToken}`,
        payload: { email: 'colleague@capability.example', values: draftValues(draftForm) },
      },
      200,
    )
    await call(
      'GET /api/drafts',
      { url: `/api/drafts?draft=${draftToken}&brand=chevy&form=lma` },
      200,
    )
    await call(
      'GET /api/drafts',
      { url: `/api/drafts?draft=${UNKNOWN_TOKEN}&brand=chevy&form=lma` },
      404,
    )

    // The authorization link: read, and authorized naming another representative's email.
    const opened = await call(
      'GET /api/enrollments/{guid}',
      { url: `/api/enrollments/${lmaGuid}` },
      200,
    )
    await call('GET /api/enrollments/{guid}', { url: `/api/enrollments/${dealerGuid}` }, 200)
    await call('GET /api/enrollments/{guid}', { url: `/api/enrollments/${UNKNOWN_GUID}` }, 404)
    const linked = opened.response.json() as Json & { lma: Json }
    const authorization = {
      ...linked,
      regionId,
      lma: { ...linked.lma, authEmailAddress: 'robin.new@capability.example' },
    }
    await call(
      'POST /api/enrollments/{guid}/authorize',
      post(`/api/enrollments/${lmaGuid}/authorize`, authorization),
      200,
    )

    // The program office approves it: it is invoiced.
    const approved = await asAdmin(post(`/api/enrollments/${lmaGuid}/approve`, {}))
    expect(approved.statusCode, approved.body).toBe(200)
    await call(
      'POST /api/enrollments/{guid}/authorize',
      post(`/api/enrollments/${lmaGuid}/authorize`, authorization),
      409,
    )

    // A sales event of its year, and a package the vendor shipped to its first dealer: the status
    // page lists the event with each dealer's shipments.
    const event = await asAdmin(
      post(`/api/shipping/events?brand=chevy&year=${String(linked.year)}`, {
        name: 'Capability Spring Event',
        shipBy: `${String(linked.year)}-03-01`,
        inStoreFrom: `${String(linked.year)}-03-15`,
        inStoreTo: `${String(linked.year)}-04-15`,
      }),
    )
    expect(event.statusCode, event.body).toBe(201)
    const firstBac = String((linked.dealers as Array<{ bac: string }>)[0]?.bac)
    await sql`insert into shipments
        (event_id, bac, bac_key, tracking_number, carrier, shipped_on, enrollment_guid, recorded_by)
      select id, ${firstBac}, ${bacKey(firstBac)}, '1Z999AA10123456784', 'UPS', date '2025-02-20',
        ${lmaGuid}::uuid, 'vendor@example.com'
      from sales_events where guid = ${(event.json() as { guid: string }).guid}::uuid`.execute(db)

    // The status links, the invoice through one, and "Lost the mail?".
    const lmaPage = await call('GET /api/status/{token}', { url: `/api/status/${lmaStatus}` }, 200)
    const shipped = (lmaPage.response.json() as Json & { salesEvents: Json[] }).salesEvents
    expect(JSON.stringify(shipped), 'the status page shows the shipment').toContain(
      '1Z999AA10123456784',
    )
    await call('GET /api/status/{token}/invoice', { url: `/api/status/${lmaStatus}/invoice` }, 200)
    await call(
      'GET /api/status/{token}/invoice/pdf',
      { url: `/api/status/${lmaStatus}/invoice/pdf` },
      200,
    )
    await call('GET /api/status/{token}', { url: `/api/status/${dealerStatus}` }, 200)
    await call(
      'GET /api/status/{token}/invoice',
      { url: `/api/status/${dealerStatus}/invoice` },
      404,
    )
    await call(
      'GET /api/status/{token}/invoice/pdf',
      { url: `/api/status/${dealerStatus}/invoice/pdf` },
      404,
    )
    await call('GET /api/status/{token}', { url: `/api/status/${UNKNOWN_TOKEN}` }, 404)
    await call('GET /api/status/{token}', { url: `/api/status/${lmaGuid}` }, 404)
    const lost = await call(
      'POST /api/status/lost-links',
      post('/api/status/lost-links', { email: 'billing@capability.example' }),
      202,
    )
    const mintedAgain = carried(lost.mails, 'status-link', 'status link token')
    await call('GET /api/status/{token}', { url: `/api/status/${mintedAgain}` }, 200)
    await call(
      'POST /api/status/lost-links',
      post('/api/status/lost-links', { email: 'nobody@capability.example' }),
      202,
    )

    // The draft, submitted: the form names it, and it is deleted with the submission.
    await call(
      'POST /api/enrollments',
      post(`/api/enrollments?draft=${draftToken}`, draftForm),
      201,
    )

    // What anyone reads about the service.
    await call(
      'GET /metrics',
      { url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } },
      200,
    )
    await call('GET /api/openapi.json', { url: '/api/openapi.json' }, 200)
    await call('GET /api/docs', { url: '/api/docs' })
    await call('GET /api/docs/json', { url: '/api/docs/json' }, 200)
    await call('GET /api/docs/yaml', { url: '/api/docs/yaml' }, 200)
    await call('GET /api/docs/static/index.html', { url: '/api/docs/static/index.html' })
    await call(
      'GET /api/docs/static/swagger-initializer.js',
      { url: '/api/docs/static/swagger-initializer.js' },
      200,
    )
    await call('GET /api/docs/static/*', { url: '/api/docs/static/swagger-ui.css' }, 200)

    // The development mailbox shows every mail, links included: what its aid is for.
    await mailsOf(await settleMails('0', 0))
    const messages = mailbox()?.messages() ?? []
    expect(messages.length, 'the dev mailbox received the mails').toBeGreaterThan(0)
    await call('GET /dev/mail', { url: '/dev/mail' }, 200)
    await call('GET /dev/mail/messages.json', { url: '/dev/mail/messages.json' }, 200)
    for (const message of messages) {
      await call('GET /dev/mail/{id}/html', { url: `/dev/mail/${message.id}/html` }, 200)
    }
    const withAttachment = messages.find((message) => message.attachments.length > 0)
    expect(withAttachment, 'the invoice mail, with its PDF').toBeDefined()
    await call(
      'GET /dev/mail/{id}/attachments/{index}',
      { url: `/dev/mail/${withAttachment?.id}/attachments/0` },
      200,
    )
  }, 240_000)
  afterAll(() => t.close())

  it('answers each call as the scenario expects (so that every row was called for real)', () => {
    expect([...new Set(failures.statuses)]).toEqual([])
  })

  it('(a) answers only the fields its row lists, at any depth; problems only a problem’s', () => {
    expect([...new Set(failures.fields)]).toEqual([])
  })

  it('(b) answers and mails no capability its caller did not present, but what its row gives', () => {
    expect([...new Set(failures.secrets)]).toEqual([])
  })

  it('sends only the mails its row names', () => {
    expect([...new Set(failures.mails)]).toEqual([])
  })

  it('carries each capability, in the whole outbox, only in the mails that deliver it', async () => {
    const deliverers: Record<string, SecretKind> = {
      'authorization-request': 'enrollment guid',
      'authorization-reminder': 'enrollment guid',
      'submission-receipt': 'status link token',
      'status-link': 'status link token',
      'status-link-reissued': 'status link token',
      'draft-link': 'draft link token',
    }
    const rows = await settleMails('0', 0)
    lastDelivered = 0
    const all = await mailsOf(rows)
    const wrong = all.flatMap((mail) =>
      mail.found
        .filter(
          (found) =>
            !mail.kinds.some((each) => deliverers[each] === found.kind) ||
            (found.kind === 'enrollment guid' && mail.enrollmentGuid !== found.value),
        )
        .map((found) => `${mail.where} carries ${describeFound(found)}`),
    )
    expect(wrong).toEqual([])
  })
})

describe('the table', () => {
  it('every row was called', () => {
    expect(Object.keys(PUBLIC_ANSWERS).filter((route) => !exercised.has(route))).toEqual([])
  })

  it("agrees with docs/security.md's capability table: one row per capability, in order", () => {
    const section = markdownSection(repositoryDocument('docs/security.md'), '## Capabilities')
    expect(section, "docs/security.md has a '## Capabilities' section").not.toBe('')
    const unquote = (cell: string | undefined) => (cell ?? '').replaceAll('`', '').trim()
    const table = markdownTables(section).find((each) => unquote(each.header[0]) === 'capability')
    expect(table?.header.map(unquote), 'the capability table and its columns').toEqual([
      'capability',
      'who holds it',
      'what it opens',
      'for how long',
      'how it is revoked',
      'budget',
    ])
    expect(table?.rows.map((cells) => unquote(cells[0]))).toEqual([...CAPABILITIES])
    const used = new Set(Object.values(PUBLIC_ANSWERS).map((row) => row.capability))
    expect(CAPABILITIES.filter((capability) => !used.has(capability))).toEqual([])
  })
})
