/**
 * Measures three properties of the public surface of a running server, from the outside
 * (scripts/security/README.md):
 *
 * 1. Lost-link timing: whether the time of `POST /api/status/lost-links` tells a known address
 *    from an unknown one (the answer is the same 202 either way).
 * 2. Mails one client can cause to one address in an hour, through the public routes at the
 *    server's limits (counted in the dev mailbox).
 * 3. Database growth from an hour of the largest drafts saved at the rate limit.
 *
 *   npx tsx scripts/security/measure-public-surface.ts --url http://127.0.0.1:3101 \
 *     [--data-dir DIR | --database-url postgres://...] [--json]
 *
 * It uses only HTTP (and, for the third row, the size of the data directory or
 * pg_database_size), so it measures any build of the server, before and after a change.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { lstat, readdir, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const USAGE = `Usage: npx tsx scripts/security/measure-public-surface.ts --url http://127.0.0.1:PORT [options]

  --url URL               the running server (required)
  --data-dir DIR          its PGlite DATA_DIR, for the database-growth row
  --database-url URL      or its PostgreSQL (pg_database_size), for the same row
  --json                  print one JSON object instead of the table
  --json-file PATH        print the table, and write the JSON object to PATH as well
  --only LIST             rows to measure, comma-separated: timing,mails,growth (default all)
  --addresses N           known and unknown addresses each, in the timing row (default 20)
  --tries N               lost-link requests per address (default 5)
  --shuffles N            label shuffles of the timing classifier's chance baseline (default 1000)
  --gap-ms N              pause between timed requests, so mail delivery settles (default 25)
  --mail-window S         seconds of the mail row's attack (default 120)
  --growth-window S       seconds of the growth row's draft saves (default 60)
  --drain-max S           longest wait for the outbox to drain after a window (default 120)
  --forwarded-for MODE    auto|on|off: act as many clients through X-Forwarded-For in the timing
                          row (needs the server's TRUST_PROXY to trust this machine; default auto)
`

// ---------------------------------------------------------------------------------------------
// Options

interface Options {
  url: URL
  dataDir: string | undefined
  databaseUrl: string | undefined
  json: boolean
  jsonFile: string | undefined
  rows: Set<'timing' | 'mails' | 'growth'>
  addresses: number
  tries: number
  shuffles: number
  gapMs: number
  mailWindowS: number
  growthWindowS: number
  drainMaxS: number
  forwardedFor: 'auto' | 'on' | 'off'
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      json: { type: 'boolean', default: false },
      'json-file': { type: 'string' },
      only: { type: 'string', default: 'timing,mails,growth' },
      addresses: { type: 'string', default: '20' },
      tries: { type: 'string', default: '5' },
      shuffles: { type: 'string', default: '1000' },
      'gap-ms': { type: 'string', default: '25' },
      'mail-window': { type: 'string', default: '120' },
      'growth-window': { type: 'string', default: '60' },
      'drain-max': { type: 'string', default: '120' },
      'forwarded-for': { type: 'string', default: 'auto' },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help || !values.url) {
    process.stderr.write(USAGE)
    process.exit(values.help ? 0 : 2)
  }
  const number = (name: string, value: string, min: number) => {
    const parsed = Number(value)
    if (!Number.isFinite(parsed) || parsed < min) fail(`--${name} must be a number >= ${min}`)
    return parsed
  }
  const rows = new Set(
    values.only.split(',').map((row) => row.trim()) as Array<'timing' | 'mails' | 'growth'>,
  )
  for (const row of rows) {
    if (!['timing', 'mails', 'growth'].includes(row)) fail(`--only: unknown row ${row}`)
  }
  const forwardedFor = values['forwarded-for']
  if (forwardedFor !== 'auto' && forwardedFor !== 'on' && forwardedFor !== 'off') {
    fail('--forwarded-for must be auto, on or off')
  }
  return {
    url: new URL(values.url),
    dataDir: values['data-dir'],
    databaseUrl: values['database-url'],
    json: values.json,
    jsonFile: values['json-file'],
    rows,
    addresses: number('addresses', values.addresses, 2),
    tries: number('tries', values.tries, 1),
    shuffles: number('shuffles', values.shuffles, 10),
    gapMs: number('gap-ms', values['gap-ms'], 0),
    mailWindowS: number('mail-window', values['mail-window'], 5),
    growthWindowS: number('growth-window', values['growth-window'], 5),
    drainMaxS: number('drain-max', values['drain-max'], 0),
    forwardedFor,
  }
}

function fail(message: string): never {
  process.stderr.write(`measure-public-surface: ${message}\n`)
  process.exit(2)
}

/** Progress on stderr, so that stdout holds the table (or the JSON) only. */
function progress(message: string): void {
  process.stderr.write(`[measure] ${message}\n`)
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

// ---------------------------------------------------------------------------------------------
// HTTP

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
  /** From the request's start to the answer's last byte. */
  ms: number
}

interface Call {
  json?: unknown
  /** The client address to claim in X-Forwarded-For (only when the server trusts it). */
  client?: string | undefined
  agent?: http.Agent
}

/** Keep-alive connections, so that no timed request pays for a TCP handshake. */
const sharedAgent = new http.Agent({ keepAlive: true, maxSockets: 16 })

function request(base: URL, method: string, path: string, call: Call = {}): Promise<Answer> {
  const body = call.json === undefined ? undefined : Buffer.from(JSON.stringify(call.json))
  const headers: http.OutgoingHttpHeaders = { accept: 'application/json' }
  if (body) {
    headers['content-type'] = 'application/json'
    headers['content-length'] = body.length
  }
  if (call.client) headers['x-forwarded-for'] = call.client
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const req = http.request(
      new URL(path, base),
      { method, headers, agent: call.agent ?? sharedAgent },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.setTimeout(120_000, () => req.destroy(new Error(`${method} ${path} timed out`)))
    req.end(body)
  })
}

/** How long a 429 asks to wait, from Retry-After or X-RateLimit-Reset (seconds), plus a margin. */
function refusalWaitMs(answer: Answer): number {
  for (const name of ['retry-after', 'x-ratelimit-reset']) {
    const seconds = Number(answer.headers[name])
    if (Number.isFinite(seconds) && seconds > 0) return seconds * 1000 + 150
  }
  return 1000
}

/** The route's per-minute limit, as the rate limiter announces it (undefined when it does not). */
function announcedLimit(answer: Answer): number | undefined {
  const limit = Number(answer.headers['x-ratelimit-limit'])
  return Number.isFinite(limit) && limit > 0 ? limit : undefined
}

/**
 * Why the server refused a request: its rate limit (429 "Too many requests from your
 * address…", which passes within the minute), or a cap on live drafts, which holds for as long
 * as the drafts live (30 days): per client (DRAFTS_PER_CLIENT, 429 "… saved forms from your
 * network …") or per address (DRAFTS_PER_ADDRESS, 409 "This email address already has N saved
 * forms…"). Undefined when the answer is not a refusal.
 */
type Refusal = 'rate' | 'clientCap' | 'addressCap'

function refusalOf(answer: Answer): Refusal | undefined {
  if (answer.status === 409 && /saved forms/i.test(answer.text)) return 'addressCap'
  if (answer.status !== 429) return undefined
  return /saved forms from your network/i.test(answer.text) ? 'clientCap' : 'rate'
}

/** The cap a draft-cap refusal names ("already has 5 saved forms", "20 saved forms from…"). */
function capIn(answer: Answer): number | undefined {
  const match = /(\d+) saved forms/.exec(answer.text)
  return match ? Number(match[1]) : undefined
}

/**
 * Sends until the rate limit no longer refuses, waiting as each refusal asks; undefined past
 * `deadline`. A draft cap's refusal is answered as it is (waiting would not lift it).
 */
async function untilNotRefused(
  send: () => Promise<Answer>,
  deadline = Number.POSITIVE_INFINITY,
  onRefused?: (waitMs: number) => void,
): Promise<Answer | undefined> {
  for (;;) {
    if (Date.now() >= deadline) return undefined
    const answer = await send()
    if (refusalOf(answer) !== 'rate') return answer
    const waitMs = refusalWaitMs(answer)
    onRefused?.(waitMs)
    if (Date.now() + waitMs >= deadline) {
      await sleep(Math.max(0, deadline - Date.now()))
      return undefined
    }
    await sleep(waitMs)
  }
}

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) {
    throw new Error(
      `${what}: expected ${status}, got ${answer.status}: ${answer.text.slice(0, 600)}`,
    )
  }
}

// ---------------------------------------------------------------------------------------------
// Test data: addresses, clients, enrollments and drafts

/** This run's mark in every address, name and BAC it makes, so that runs never collide. */
const RUN = randomBytes(3).toString('hex')

let clientCounter = randomInt(1, 60_000)
/** A client address of this run (10.x.y.z), to claim through X-Forwarded-For. */
function nextClient(): string {
  clientCounter += 1
  const n = clientCounter
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

let bacCounter = 0
/** A BAC no enrollment holds: letters and digits, at most 20 characters. */
function nextBac(): string {
  bacCounter += 1
  return `M${RUN}${String(bacCounter).padStart(5, '0')}`.toUpperCase()
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** Random letters and digits: text the database cannot compress. */
function randomText(length: number): string {
  const bytes = randomBytes(length)
  let text = ''
  for (const byte of bytes) text += ALPHABET[byte % ALPHABET.length]
  return text
}

interface Program {
  brand: string
  year: number
}

/** The fields of a dealer row and an LMA record, as the forms send them (shared/enrollment/). */
const DEALER_TEXT_FIELDS = [
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
] as const
const LMA_TEXT_FIELDS = [
  'name',
  'contact',
  'address',
  'city',
  'state',
  'postal',
  'country',
  'previousName',
  'emailAddress',
  'phoneNumber',
  'agencyName',
  'authName',
  'authTitle',
  'authEmailAddress',
  'authPhoneNumber',
  'authFaxNumber',
] as const

function dealerEntry(email: string, bac: string) {
  return {
    bac,
    name: `Measurement Chevrolet ${bac}`,
    address: '100 Main Street',
    city: 'Springfield',
    state: 'IL',
    postal: '62701',
    country: 'USA',
    authName: 'Pat Dealer',
    authTitle: 'General Manager',
    authEmailAddress: email,
    authPhoneNumber: '217-555-0100',
    authFaxNumber: '',
    kitSize: 'Large',
    hispanic: 'No',
    billing: 'ImrFunds',
  }
}

/** A dealer enrollment whose authorized person (the receipt's recipient) is `email`. */
function dealerEnrollment(program: Program, email: string) {
  return {
    status: '',
    type: 'Dealer',
    ...program,
    guid: '',
    regionId: null,
    lma: null,
    dealers: [dealerEntry(email, nextBac())],
  }
}

let lmaCounter = 0
/** An LMA enrollment whose contact and representative are both `email` (receipt and request). */
function lmaEnrollment(program: Program, email: string) {
  lmaCounter += 1
  return {
    status: '',
    type: 'Lma',
    ...program,
    guid: '',
    regionId: null,
    lma: {
      name: `Measurement LMA ${RUN} ${lmaCounter}`,
      contact: 'Alex Agency',
      address: '200 Commerce Drive',
      city: 'Springfield',
      state: 'IL',
      postal: '62702',
      country: 'USA',
      previousName: '',
      nameChanged: false,
      emailAddress: email,
      phoneNumber: '217-555-0110',
      agencyName: 'Prairie Media',
      authName: 'Robin Representative',
      authTitle: 'LMA President',
      authEmailAddress: email,
      authPhoneNumber: '217-555-0120',
      authFaxNumber: '',
      type: 'Turnkey',
    },
    dealers: [
      {
        ...dealerEntry('', nextBac()),
        name: 'Member Dealer 1',
        billing: 'Lma',
        simple: true,
      },
    ],
  }
}

function blankDraftRow(): Record<string, string> {
  const row: Record<string, string> = { kitSize: '', hispanic: '', billing: '' }
  for (const field of DEALER_TEXT_FIELDS) row[field] = ''
  return row
}

/** A small dealer draft ('Save and continue later' of the dealer form). */
function smallDraft(program: Program, email: string) {
  const row = { ...blankDraftRow(), bac: nextBac(), name: 'Saved Chevrolet' }
  return {
    email,
    values: { type: 'Dealer', ...program, regionId: null, lma: null, dealers: [row] },
  }
}

/** Most characters a draft field keeps and most dealer rows (shared/enrollment/draft.ts). */
const DRAFT_TEXT_MAX = 200
const DRAFT_MAX_ROWS = 300
const DRAFT_MAX_CHARS = (LMA_TEXT_FIELDS.length + DRAFT_MAX_ROWS * DEALER_TEXT_FIELDS.length) * 200

/**
 * An LMA draft holding `chars` characters of random text: the LMA record's fields first, then
 * dealer rows field by field, each field at most DRAFT_TEXT_MAX long. The body grows with
 * `chars`, so the largest accepted draft is found by bisection on it.
 */
function filledDraft(program: Program, email: string, chars: number) {
  let left = chars
  const take = () => {
    const length = Math.min(DRAFT_TEXT_MAX, left)
    left -= length
    return randomText(length)
  }
  const lma: Record<string, string | boolean> = { nameChanged: false, type: '' }
  for (const field of LMA_TEXT_FIELDS) lma[field] = take()
  const dealers: Array<Record<string, string>> = []
  do {
    const row = blankDraftRow()
    for (const field of DEALER_TEXT_FIELDS) row[field] = take()
    dealers.push(row)
  } while (left > 0 && dealers.length < DRAFT_MAX_ROWS)
  return { email, values: { type: 'Lma', ...program, regionId: null, lma, dealers } }
}

function bodyBytes(body: unknown): number {
  return Buffer.byteLength(JSON.stringify(body))
}

// ---------------------------------------------------------------------------------------------
// The server: its program, whether it trusts X-Forwarded-For, its outbox and dev mailbox

async function readProgram(base: URL): Promise<Program> {
  const answer = await request(base, 'GET', '/api/config')
  expectStatus(answer, 200, 'GET /api/config')
  const config = JSON.parse(answer.text) as {
    brands: Array<{ key: string }>
    enrollmentYear: number
  }
  return { brand: config.brands[0]?.key ?? 'chevy', year: config.enrollmentYear }
}

/**
 * Whether the server keys its limits by the X-Forwarded-For this script sends: two look-ups
 * as client A and one as client B; a trusted header gives B a fresh count. (The look-up route
 * counts against RATE_LIMIT_LOOKUPS, 3 of its 300 a minute.)
 */
async function trustsForwardedFor(base: URL): Promise<boolean> {
  const path = '/api/enrollments/autocomplete/bac?value=zz'
  const a = nextClient()
  const b = nextClient()
  await request(base, 'GET', path, { client: a })
  const second = await request(base, 'GET', path, { client: a })
  const other = await request(base, 'GET', path, { client: b })
  const remaining = (answer: Answer) => Number(answer.headers['x-ratelimit-remaining'])
  return (
    Number.isFinite(remaining(second)) &&
    Number.isFinite(remaining(other)) &&
    remaining(other) > remaining(second)
  )
}

/** Mails not yet sent, from /metrics (which answers clients on the same machine); undefined if unreadable. */
async function outboxPending(base: URL): Promise<number | undefined> {
  try {
    const answer = await request(base, 'GET', '/metrics')
    if (answer.status !== 200) return undefined
    const match = /^pos_outbox_pending_mails\s+(\d+(?:\.\d+)?)$/m.exec(answer.text)
    return match ? Number(match[1]) : undefined
  } catch {
    return undefined
  }
}

/**
 * Waits until the outbox is empty (per /metrics) and `quietMs` have passed without a new mail in
 * the dev mailbox, or `maxMs` elapsed. Answers the pending count it last saw.
 */
async function drainOutbox(
  base: URL,
  mailbox: MailboxWatcher | undefined,
  maxMs: number,
  quietMs = 3000,
): Promise<number | undefined> {
  const deadline = Date.now() + maxMs
  let pending: number | undefined
  let lastCount = mailbox?.seenCount() ?? 0
  let quietSince = Date.now()
  for (;;) {
    pending = await outboxPending(base)
    if (mailbox) {
      await mailbox.poll()
      const count = mailbox.seenCount()
      if (count !== lastCount) {
        lastCount = count
        quietSince = Date.now()
      }
    }
    const quiet = Date.now() - quietSince >= quietMs
    if ((pending === 0 || pending === undefined) && quiet) return pending
    if (Date.now() >= deadline) return pending
    await sleep(500)
  }
}

interface ReceivedMail {
  id: number
  receivedAt: string
  to: string[]
  subject: string
  text: string
}

interface SeenMail {
  id: number
  to: string[]
  subject: string
  text: string
  /** Milliseconds since the epoch when this script first saw it. */
  seenAt: number
}

/**
 * The dev mailbox (`GET /dev/mail/messages.json`, newest first, the last 500 only), polled
 * often enough that no mail scrolls out unseen: each mail is kept here by its id.
 */
class MailboxWatcher {
  private readonly seen = new Map<number, SeenMail>()
  private highestId = 0
  /** Mails that scrolled out of the mailbox's 500 before a poll saw them. */
  missed = 0
  private timer: NodeJS.Timeout | undefined
  private polling: Promise<void> | undefined

  constructor(private readonly base: URL) {}

  /** Starts from what the mailbox holds now: only later mails count. */
  async begin(): Promise<void> {
    const messages = await this.fetch()
    this.highestId = Math.max(0, ...messages.map((mail) => mail.id))
  }

  startPolling(everyMs = 400): void {
    const tick = () => {
      this.polling = this.poll()
        .catch((error: unknown) => progress(`mailbox poll failed: ${String(error)}`))
        .finally(() => {
          this.timer = setTimeout(tick, everyMs)
        })
    }
    tick()
  }

  async stopPolling(): Promise<void> {
    clearTimeout(this.timer)
    await this.polling
    clearTimeout(this.timer)
  }

  async poll(): Promise<void> {
    const messages = await this.fetch()
    const fresh = messages.filter((mail) => mail.id > this.highestId)
    if (fresh.length === 0) return
    const lowest = Math.min(...fresh.map((mail) => mail.id))
    // Ids count up one by one: a gap below the oldest fresh mail scrolled out unseen.
    if (lowest > this.highestId + 1 && messages.length >= 500)
      this.missed += lowest - this.highestId - 1
    const now = Date.now()
    for (const mail of fresh) {
      this.seen.set(mail.id, {
        id: mail.id,
        to: mail.to.map((address) => address.toLowerCase()),
        subject: mail.subject,
        text: mail.text,
        seenAt: now,
      })
    }
    this.highestId = Math.max(this.highestId, ...fresh.map((mail) => mail.id))
  }

  seenCount(): number {
    return this.seen.size
  }

  to(address: string): SeenMail[] {
    const wanted = address.toLowerCase()
    return [...this.seen.values()].filter((mail) => mail.to.includes(wanted))
  }

  private async fetch(): Promise<ReceivedMail[]> {
    const answer = await request(this.base, 'GET', '/dev/mail/messages.json')
    if (answer.status !== 200) {
      throw new Error(
        `GET /dev/mail/messages.json answered ${answer.status}: the dev mailbox must be on (no SMTP_URL, a loopback HOST)`,
      )
    }
    return JSON.parse(answer.text) as ReceivedMail[]
  }
}

// ---------------------------------------------------------------------------------------------
// Statistics

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/**
 * The accuracy of the best single-threshold classifier of `known` against `unknown` values:
 * every cut between two values, in either direction ("known when slower" or "when faster").
 */
function bestThresholdAccuracy(known: readonly number[], unknown: readonly number[]): number {
  const points = [
    ...known.map((value) => ({ value, known: true })),
    ...unknown.map((value) => ({ value, known: false })),
  ].sort((a, b) => a.value - b.value)
  const total = points.length
  let best = 0
  // Cut after index i (i = -1: everything above the cut).
  let knownBelow = 0
  let unknownBelow = 0
  for (let i = -1; i < total; i++) {
    if (i >= 0) {
      const point = points[i]
      if (point?.known) knownBelow += 1
      else unknownBelow += 1
      // Ties cannot be split: cut only where the next value differs.
      if (i + 1 < total && points[i + 1]?.value === point?.value) continue
    }
    const slowerIsKnown = unknownBelow + (known.length - knownBelow)
    const fasterIsKnown = knownBelow + (unknown.length - unknownBelow)
    best = Math.max(best, slowerIsKnown, fasterIsKnown)
  }
  return best / total
}

interface ChanceBaseline {
  shuffles: number
  /** The null distribution's median and 95th percentile (accuracy, 0 to 1). */
  median: number
  p95: number
  /** Share of shuffles whose accuracy is below the observed one, 0 to 100. */
  percentile: number
  /** (Shuffles at or above the observed accuracy + 1) / (shuffles + 1). */
  pValue: number
}

/**
 * The chance level of the timing classifier: the best cut over 2n values scores well above 50%
 * on random data (about 62.5% median for 20 vs 20), so the observed accuracy is set against a
 * permutation null. The known/unknown labels are shuffled over the addresses `shuffles` times,
 * and each time the same statistic is taken: the better of the best cuts over the medians and
 * over the minimums.
 */
function chanceBaseline(
  perAddress: ReadonlyArray<{ known: boolean; minMs: number; medianMs: number }>,
  observed: number,
  shuffles: number,
): ChanceBaseline {
  const labels = perAddress.map((entry) => entry.known)
  const accuracies: number[] = []
  for (let s = 0; s < shuffles; s++) {
    const shuffled = shuffle([...labels])
    const side = (isKnown: boolean, key: 'minMs' | 'medianMs') =>
      perAddress.filter((_, i) => shuffled[i] === isKnown).map((entry) => entry[key])
    accuracies.push(
      Math.max(
        bestThresholdAccuracy(side(true, 'medianMs'), side(false, 'medianMs')),
        bestThresholdAccuracy(side(true, 'minMs'), side(false, 'minMs')),
      ),
    )
  }
  accuracies.sort((a, b) => a - b)
  // A tolerance, so that equal accuracies computed in another order compare equal.
  const below = accuracies.filter((value) => value < observed - 1e-9).length
  const atOrAbove = shuffles - below
  return {
    shuffles,
    median: median(accuracies),
    p95: accuracies[Math.min(shuffles - 1, Math.ceil(0.95 * shuffles) - 1)] ?? Number.NaN,
    percentile: (below / shuffles) * 100,
    pValue: (atOrAbove + 1) / (shuffles + 1),
  }
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    const item = items[i] as T
    items[i] = items[j] as T
    items[j] = item
  }
  return items
}

// ---------------------------------------------------------------------------------------------
// Row 1: lost-link timing

interface TimingResult {
  addresses: number
  tries: number
  clients: 'one per address (X-Forwarded-For)' | 'this machine (one client)'
  limitPerMinute: number | undefined
  knownMedianMs: number
  unknownMedianMs: number
  /** Median of the known addresses' medians over that of the unknown ones. */
  ratio: number
  knownMinMs: number
  unknownMinMs: number
  ratioOfMinimums: number
  accuracyByMedian: number
  accuracyByMinimum: number
  /** The better of the two: what an attacker would use. */
  accuracy: number
  /** The same accuracy with the known/unknown labels shuffled: what chance scores. */
  chance: ChanceBaseline
  statuses: Record<string, number>
  perAddress: Array<{ known: boolean; minMs: number; medianMs: number; triesMs: number[] }>
}

async function measureTiming(
  options: Options,
  program: Program,
  forwardedFor: boolean,
): Promise<TimingResult> {
  const base = options.url
  const n = options.addresses
  const pad = (i: number) => String(i).padStart(3, '0')
  const known = Array.from({ length: n }, (_, i) => `m${RUN}k${pad(i)}@example.com`)
  const unknown = Array.from({ length: n }, (_, i) => `m${RUN}u${pad(i)}@example.com`)
  const clientOf = new Map<string, string | undefined>()
  for (const address of [...known, ...unknown]) {
    clientOf.set(address, forwardedFor ? nextClient() : undefined)
  }
  let limit: number | undefined
  const onRefused = (waitMs: number) =>
    progress(`timing: refused by the rate limit; waiting ${(waitMs / 1000).toFixed(0)} s`)

  if (!forwardedFor) {
    const answer = await request(base, 'POST', '/api/status/lost-links', {
      json: { email: `m${RUN}w999@example.com` },
    })
    const announced = announcedLimit(answer)
    const needed = options.tries * 2 * n + 10
    if (announced !== undefined && announced < needed) {
      progress(
        `timing: WARNING: the server allows ${announced} lost-link requests a minute and X-Forwarded-For is not trusted: about ${Math.ceil(needed / announced)} minutes of waiting. Start the server with RATE_LIMIT_SUBMISSIONS=1000 or TRUST_PROXY=true for this row.`,
      )
    }
  }
  progress(`timing: submitting ${n} dealer enrollments carrying the known addresses`)
  for (const address of known) {
    const answer = await untilNotRefused(
      () =>
        request(base, 'POST', '/api/enrollments', {
          json: dealerEnrollment(program, address),
          client: clientOf.get(address),
        }),
      undefined,
      onRefused,
    )
    if (answer) expectStatus(answer, 201, `POST /api/enrollments (known address ${address})`)
  }
  // Their receipts are mailed now: let that finish before anything is timed.
  await drainOutbox(base, undefined, options.drainMaxS * 1000)

  const timedAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const lostLink = (address: string, client: string | undefined) =>
    untilNotRefused(
      () =>
        request(base, 'POST', '/api/status/lost-links', {
          json: { email: address },
          client,
          agent: timedAgent,
        }),
      undefined,
      onRefused,
    )

  progress('timing: warming up')
  for (let i = 0; i < 10; i++) {
    await lostLink(`m${RUN}w${pad(i)}@example.com`, forwardedFor ? nextClient() : undefined)
    await sleep(options.gapMs)
  }

  const samples = new Map<string, number[]>()
  const statuses: Record<string, number> = {}
  const total = options.tries * 2 * n
  progress(`timing: ${total} lost-link requests, known and unknown addresses interleaved`)
  for (let round = 0; round < options.tries; round++) {
    for (const address of shuffle([...known, ...unknown])) {
      const answer = await lostLink(address, clientOf.get(address))
      if (!answer) continue
      limit ??= announcedLimit(answer)
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
      const list = samples.get(address) ?? []
      list.push(answer.ms)
      samples.set(address, list)
      await sleep(options.gapMs)
    }
  }
  timedAgent.destroy()
  // The known addresses' mails, before the next row counts anything.
  await drainOutbox(base, undefined, options.drainMaxS * 1000)

  const perAddress = [...known, ...unknown].map((address) => {
    const triesMs = samples.get(address) ?? []
    return {
      known: known.includes(address),
      minMs: Math.min(...triesMs),
      medianMs: median(triesMs),
      triesMs,
    }
  })
  const of = (isKnown: boolean, key: 'minMs' | 'medianMs') =>
    perAddress.filter((entry) => entry.known === isKnown).map((entry) => entry[key])
  const knownMedianMs = median(of(true, 'medianMs'))
  const unknownMedianMs = median(of(false, 'medianMs'))
  const knownMinMs = median(of(true, 'minMs'))
  const unknownMinMs = median(of(false, 'minMs'))
  const accuracyByMedian = bestThresholdAccuracy(of(true, 'medianMs'), of(false, 'medianMs'))
  const accuracyByMinimum = bestThresholdAccuracy(of(true, 'minMs'), of(false, 'minMs'))
  const accuracy = Math.max(accuracyByMedian, accuracyByMinimum)
  return {
    addresses: n,
    tries: options.tries,
    clients: forwardedFor ? 'one per address (X-Forwarded-For)' : 'this machine (one client)',
    limitPerMinute: limit,
    knownMedianMs,
    unknownMedianMs,
    ratio: knownMedianMs / unknownMedianMs,
    knownMinMs,
    unknownMinMs,
    ratioOfMinimums: knownMinMs / unknownMinMs,
    accuracyByMedian,
    accuracyByMinimum,
    accuracy,
    chance: chanceBaseline(perAddress, accuracy, options.shuffles),
    statuses,
    perAddress,
  }
}

// ---------------------------------------------------------------------------------------------
// Row 2: mails one client causes to one address

type Channel = 'lostLinks' | 'submissions' | 'draftSaves' | 'draftResaves'

interface ChannelFigures {
  /** What one request is. */
  request: string
  sent: number
  accepted: number
  refused: number
  /** Other answers (4xx/5xx but the refusals), by status. */
  other: Record<string, number>
  /**
   * Set when a cap on live drafts refused the route (per client or per address): it stopped
   * there, since the cap holds as long as the drafts live (30 days).
   */
  capped: Refusal | undefined
  limitPerMinute: number | undefined
  /** Mails to the victim this channel caused (by the mail's subject, or its draft link). */
  mails: number
  /** Mails per accepted request; for lost links, per accepted request and enrollment then on file. */
  mailsPerRequest: number
  /** This channel's part of the hour, by the model of `explanation` (its mails when capped). */
  perHour: number
}

interface MailResult {
  victim: string
  windowS: number
  client: string
  /** Mails to the victim seen in the dev mailbox. */
  observed: number
  /** Those and the mails still queued when the count was taken. */
  caused: number
  /** The victim's mails delivered per second over the window and the drain. */
  deliveredPerSecond: number
  /** Mails to the victim whose kind the script did not recognise. */
  unclassified: number
  missedByMailbox: number
  outboxPendingAtCount: number | undefined
  /** Seconds from the window's end until the count was taken (the outbox drained). */
  drainS: number
  capped: boolean
  /** Requests all routes had accepted, and whether that fits one count shared by the routes. */
  acceptedAll: number
  sharedCount: boolean
  perHour: number
  channels: Record<Channel, ChannelFigures>
  explanation: string[]
}

/** Which public route caused a mail: by its subject (server/mail/templates/). */
function mailKind(mail: SeenMail): 'statusLink' | 'receipt' | 'authorization' | 'draft' | 'other' {
  const subject = mail.subject
  if (/^The status pages? of your /.test(subject)) return 'statusLink'
  if (/enrollment was received/.test(subject)) return 'receipt'
  if (/authorize the /i.test(subject)) return 'authorization'
  if (/^Continue your /.test(subject)) return 'draft'
  return 'other'
}

function draftTokenOf(mail: SeenMail): string | undefined {
  const match = /[?&]draft=([^\s&"<>)\]]+)/.exec(mail.text)
  return match?.[1] ? decodeURIComponent(match[1]) : undefined
}

async function measureMails(
  options: Options,
  program: Program,
  forwardedFor: boolean,
): Promise<MailResult> {
  const base = options.url
  const victim = `victim-${RUN}@example.com`
  const bystander = `bystander-${RUN}@example.com`
  // One client throughout: a fresh claimed address when the server trusts X-Forwarded-For (so
  // that the timing row's requests do not count against it), else this machine's.
  const client = forwardedFor ? nextClient() : undefined
  const mailbox = new MailboxWatcher(base)
  await mailbox.begin()

  const figures = (requestText: string): ChannelFigures => ({
    request: requestText,
    sent: 0,
    accepted: 0,
    refused: 0,
    other: {},
    capped: undefined,
    limitPerMinute: undefined,
    mails: 0,
    mailsPerRequest: 0,
    perHour: 0,
  })
  const channels: Record<Channel, ChannelFigures> = {
    lostLinks: figures('POST /api/status/lost-links {email: victim}'),
    submissions: figures(
      'POST /api/enrollments, an LMA form with the victim as contact and representative',
    ),
    draftSaves: figures('POST /api/drafts {email: victim}'),
    draftResaves: figures('PUT /api/drafts?draft=… alternating the victim and another address'),
  }

  // The draft the re-saves change the address of (saved before the window, to the bystander).
  const first = await untilNotRefused(() =>
    request(base, 'POST', '/api/drafts', { json: smallDraft(program, bystander), client }),
  )
  if (!first) throw new Error('POST /api/drafts: no answer')
  expectStatus(first, 201, 'POST /api/drafts (the draft to save again)')
  const resaveToken = (JSON.parse(first.text) as { token: string }).token
  const resaveValues = smallDraft(program, bystander).values

  // The first draft's mail, before the window starts.
  await drainOutbox(base, mailbox, options.drainMaxS * 1000)

  let useLma = true
  /** Victim-carrying enrollments on file, by the time each was accepted. */
  const enrollmentsOnFile: number[] = []
  /** For each accepted lost-link request, the victim's enrollments on file when it was sent. */
  const lostLinkExposure: number[] = []

  const startedAt = Date.now()
  const deadline = startedAt + options.mailWindowS * 1000
  let lastThirdAccepted = 0
  const lastThirdFrom = startedAt + (options.mailWindowS * 1000 * 2) / 3

  const run = async (
    channel: Channel,
    send: () => Promise<Answer>,
    onAccepted: (answer: Answer, sentAt: number) => void,
    accepted: (status: number) => boolean,
  ) => {
    const figure = channels[channel]
    while (Date.now() < deadline) {
      const sentAt = Date.now()
      const answer = await send()
      figure.sent += 1
      figure.limitPerMinute ??= announcedLimit(answer)
      const refusal = refusalOf(answer)
      if (refusal === 'clientCap' || refusal === 'addressCap') {
        figure.capped = refusal
        progress(
          `mails: ${channel} capped (${answer.status}: ${answer.text.slice(0, 200)}); the route stops`,
        )
        return
      }
      if (refusal === 'rate') {
        figure.refused += 1
        const waitMs = refusalWaitMs(answer)
        await sleep(Math.min(waitMs, Math.max(0, deadline - Date.now())))
        continue
      }
      if (!accepted(answer.status)) {
        figure.other[answer.status] = (figure.other[answer.status] ?? 0) + 1
        if (figure.other[answer.status] === 1) {
          progress(`mails: ${channel} answered ${answer.status}: ${answer.text.slice(0, 300)}`)
        }
        if (Object.values(figure.other).reduce((a, b) => a + b, 0) > 20) {
          progress(`mails: ${channel} stopped: too many unexpected answers`)
          return
        }
        await sleep(200)
        continue
      }
      figure.accepted += 1
      if (sentAt >= lastThirdFrom) lastThirdAccepted += 1
      onAccepted(answer, sentAt)
    }
  }

  let submissionsFirstMinuteDone = false
  let resaveToVictim = true
  mailbox.startPolling()
  progress(
    `mails: ${options.mailWindowS} s as one client: lost links, submissions, draft saves and re-saves naming ${victim}`,
  )
  await Promise.all([
    run(
      'submissions',
      async () => {
        const answer = await request(base, 'POST', '/api/enrollments', {
          json: useLma ? lmaEnrollment(program, victim) : dealerEnrollment(program, victim),
          client,
        })
        if (answer.status === 429) submissionsFirstMinuteDone = true
        // An LMA form the server refuses: the dealer form names the victim too (one mail each).
        if (answer.status === 400 && useLma) {
          progress('mails: the LMA form was refused; submitting dealer forms instead')
          useLma = false
        }
        return answer
      },
      () => enrollmentsOnFile.push(Date.now()),
      (status) => status === 201,
    ).finally(() => {
      submissionsFirstMinuteDone = true
    }),
    (async () => {
      // Lost links after the minute's submissions: each then mails every enrollment on file.
      while (!submissionsFirstMinuteDone && Date.now() < startedAt + 15_000) await sleep(100)
      await run(
        'lostLinks',
        () => request(base, 'POST', '/api/status/lost-links', { json: { email: victim }, client }),
        (_answer, sentAt) =>
          lostLinkExposure.push(enrollmentsOnFile.filter((at) => at <= sentAt).length),
        (status) => status === 202 || status === 200,
      )
    })(),
    run(
      'draftSaves',
      () => request(base, 'POST', '/api/drafts', { json: smallDraft(program, victim), client }),
      () => {},
      (status) => status === 201,
    ),
    run(
      'draftResaves',
      () => {
        const email = resaveToVictim ? victim : bystander
        return request(base, 'PUT', `/api/drafts?draft=${encodeURIComponent(resaveToken)}`, {
          json: { email, values: resaveValues },
          client,
        })
      },
      () => {
        resaveToVictim = !resaveToVictim
      },
      (status) => status === 200,
    ),
  ])
  const windowEnd = Date.now()
  progress('mails: window over; waiting for the outbox to drain')
  const pending = await drainOutbox(base, mailbox, options.drainMaxS * 1000)
  await mailbox.stopPolling()
  await mailbox.poll()
  const drainS = (Date.now() - windowEnd) / 1000

  const mails = mailbox.to(victim)
  let unclassified = 0
  for (const mail of mails) {
    const kind = mailKind(mail)
    if (kind === 'statusLink') channels.lostLinks.mails += 1
    else if (kind === 'receipt' || kind === 'authorization') channels.submissions.mails += 1
    else if (kind === 'draft') {
      if (draftTokenOf(mail) === resaveToken) channels.draftResaves.mails += 1
      else channels.draftSaves.mails += 1
    } else unclassified += 1
  }
  const lateMails = mails.filter((mail) => mail.seenAt >= lastThirdFrom).length
  // A budget stopped the count: requests still accepted in the window's last third, and no
  // mail to the victim arrived from then on (the drain included).
  const capped = lastThirdAccepted > 0 && lateMails === 0 && mails.length > 0

  const observedPerMinute = (figure: ChannelFigures) =>
    figure.accepted / Math.max(1, Math.ceil(options.mailWindowS / 60))
  const limitOf = (figure: ChannelFigures) => figure.limitPerMinute ?? observedPerMinute(figure)
  for (const figure of [channels.submissions, channels.draftSaves, channels.draftResaves]) {
    figure.mailsPerRequest = figure.accepted ? figure.mails / figure.accepted : 0
    // A capped route brings no more in the hour than it did: its drafts hold the cap 30 days.
    figure.perHour = figure.capped ? figure.mails : 60 * limitOf(figure) * figure.mailsPerRequest
  }
  // Lost links: each request mails every victim-carrying enrollment on file; over an hour the
  // submissions add S a minute, so minute m's L requests find S*m of them.
  const exposure = lostLinkExposure.reduce((a, b) => a + b, 0)
  const lost = channels.lostLinks
  // Mails still in the outbox when the count was taken are the lost links' (their bursts are
  // the last and largest queued; the only other recipient, the re-saves' bystander, gets few).
  const queued = pending ?? 0
  const lostCaused = lost.mails + queued
  lost.mailsPerRequest = exposure
    ? lostCaused / exposure
    : lost.accepted
      ? lostCaused / lost.accepted
      : 0
  const submissionsPerMinute =
    limitOf(channels.submissions) * (channels.submissions.accepted ? 1 : 0)
  lost.perHour = exposure
    ? limitOf(lost) * submissionsPerMinute * ((60 * 61) / 2) * lost.mailsPerRequest
    : 60 * limitOf(lost) * lost.mailsPerRequest
  const modelPerHour =
    lost.perHour +
    channels.submissions.perHour +
    channels.draftSaves.perHour +
    channels.draftResaves.perHour
  const observed = mails.length
  const perHour = capped ? observed : Math.max(observed, Math.round(modelPerHour))
  // The routes that write or mail share one count per client a minute (RATE_LIMIT_SUBMISSIONS):
  // then all of them together were accepted about N a minute (fixed windows, so a window of
  // W s spans up to ceil(W/60)+1 of them), not N each.
  const routes = Object.values(channels)
  const acceptedAll = routes.reduce((sum, figure) => sum + figure.accepted, 0)
  const limits = routes
    .map((figure) => figure.limitPerMinute)
    .filter((limit): limit is number => limit !== undefined)
  const sharedLimit = limits.length ? Math.max(...limits) : undefined
  const sharedCount =
    sharedLimit !== undefined &&
    routes.filter((figure) => figure.accepted > 0).length > 1 &&
    acceptedAll <= sharedLimit * (Math.ceil(options.mailWindowS / 60) + 1)
  const deliveredPerSecond = observed / Math.max(1, (Date.now() - startedAt) / 1000)

  const explanation = [
    queued
      ? `Observed: ${observed} mails reached ${victim} from requests sent in ${options.mailWindowS} s, counted ${drainS.toFixed(0)} s after the window, when the outbox still held ${queued} mails (--drain-max): ${observed + queued} caused, counting those as the victim's lost-link mails (so the other routes' mails per request below are lower bounds).`
      : `Observed: ${observed} mails reached ${victim} from requests sent in ${options.mailWindowS} s, counted ${drainS.toFixed(0)} s after the window, once the outbox had drained.`,
    'The hour is 60 one-minute windows of each route at its per-client limit of N requests a minute (N from X-RateLimit-Limit), with the mails per accepted request seen here:',
    `  submissions ${fmt(channels.submissions.mailsPerRequest)}/request, draft saves ${fmt(channels.draftSaves.mailsPerRequest)}/request, re-saves ${fmt(channels.draftResaves.mailsPerRequest)}/request (every other one names the victim),`,
    exposure
      ? `  lost links ${fmt(lost.mailsPerRequest)} per request and enrollment on file: minute m's L lost-link requests find the S*m enrollments the submissions have filed by then, so the hour brings L*S*(1+2+...+60) = L*S*1830 times that.`
      : `  lost links ${fmt(lost.mailsPerRequest)}/request (no enrollment named the victim).`,
    ...(['draftSaves', 'draftResaves'] as const)
      .filter((name) => channels[name].capped)
      .map(
        (name) =>
          `  ${name} capped: the server refused them with its cap on live drafts ${channels[name].capped === 'addressCap' ? 'per address (409, DRAFTS_PER_ADDRESS)' : 'per client (429, DRAFTS_PER_CLIENT)'} and the script stopped them; the drafts hold the cap for 30 days, so their hour is their observed ${channels[name].mails} mails.`,
      ),
    sharedCount
      ? `  Shared count: the routes accepted ${acceptedAll} requests together in ${options.mailWindowS} s, about one limit of ${sharedLimit} a minute for all of them: they share one per-client count (submissions, authorizations, draft saves and lost links all count against RATE_LIMIT_SUBMISSIONS). Each route's figure assumes it gets the whole N a minute, so their sum over-states the hour: one client can give the N to one route or split it, not have N on each. The figure is an upper bound.`
      : `  The routes accepted ${acceptedAll} requests together in ${options.mailWindowS} s. If they share one per-client count (as submissions, authorizations, draft saves and lost links share RATE_LIMIT_SUBMISSIONS on current servers), each route's figure, which assumes the whole N a minute, over-states it and the sum is an upper bound.`,
    capped
      ? 'No mail reached the victim in the last third of the window although requests were still accepted: a budget stopped the count, and the hour brings no more than was observed (a daily budget holds the day to it too).'
      : 'Mails kept arriving to the end of the window: no budget stopped the count within it. A daily per-address budget larger than the window count would lower the hour figure; the figure is the model, at least the observed count.',
  ]
  explanation.push(
    `Delivery: the outbox delivered ${fmt(deliveredPerSecond)} mails/s to the victim over the window and the drain; at that pace about ${count(deliveredPerSecond * 3600)} an hour reach the address and the rest wait in the outbox, delaying every other mail of the program.`,
  )
  if (mailbox.missed > 0) {
    explanation.push(
      `${mailbox.missed} mails scrolled out of the dev mailbox (it keeps 500) before a poll saw them: the observed count is a lower bound.`,
    )
  }
  return {
    victim,
    windowS: options.mailWindowS,
    client: client ? `one claimed address (${client}, X-Forwarded-For)` : 'this machine',
    observed,
    caused: observed + queued,
    deliveredPerSecond,
    unclassified,
    missedByMailbox: mailbox.missed,
    outboxPendingAtCount: pending,
    drainS,
    capped,
    acceptedAll,
    sharedCount,
    perHour,
    channels,
    explanation,
  }
}

// ---------------------------------------------------------------------------------------------
// Row 3: database growth from drafts at the limit

interface Size {
  /** Bytes of every file (`du -sb`): what the database holds, WAL included. */
  apparent: number
  /** Bytes of disk blocks (`du -s`). */
  allocated: number
  /** Apparent bytes outside pg_wal: the tables and indexes (WAL is recycled at checkpoints). */
  withoutWal: number
}

async function directorySize(dir: string): Promise<Size> {
  const size: Size = { apparent: 0, allocated: 0, withoutWal: 0 }
  const walk = async (path: string, inWal: boolean): Promise<void> => {
    const stat = await lstat(path)
    size.apparent += stat.size
    size.allocated += stat.blocks * 512
    if (!inWal) size.withoutWal += stat.size
    if (stat.isDirectory()) {
      for (const name of await readdir(path)) {
        await walk(join(path, name), inWal || (path === dir && name === 'pg_wal'))
      }
    }
  }
  await walk(dir, false)
  return size
}

async function databaseSize(url: string): Promise<Size> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    const result = await client.query<{ size: string }>(
      'select pg_database_size(current_database()) as size',
    )
    const bytes = Number(result.rows[0]?.size ?? 0)
    return { apparent: bytes, allocated: bytes, withoutWal: bytes }
  } finally {
    await client.end()
  }
}

interface GrowthResult {
  source: string
  largestDraftBytes: number
  largestDraftChars: number
  /** How the largest accepted draft was found: each probe's body size and answer. */
  probes: Array<{ bytes: number; status: number }>
  windowS: number
  accepted: number
  refused: number
  /** Addresses the window's drafts went to, and the saves each took before the next. */
  addresses: number
  perAddress: number
  /** Whether a cap on live drafts stopped the window (then the hour is the observed growth). */
  capped: boolean
  cappedBy: { refusal: Refusal; status: number; message: string; afterS: number } | undefined
  limitPerMinute: number | undefined
  bytesSent: number
  before: Size
  after: Size
  growth: Size
  /** Growth (outside WAL) per accepted draft. */
  bytesPerDraft: number
  /** The hour's figure: the model's, or the observed growth when capped. */
  perHour: number
  /** Growth per draft x the limit a minute x 60, whether capped or not. */
  modelPerHour: number
  /** The window's growth (WAL included) scaled to an hour, for comparison. */
  perHourFromWindow: number
  explanation: string[]
}

async function measureGrowth(
  options: Options,
  program: Program,
  forwardedFor: boolean,
): Promise<GrowthResult> {
  const base = options.url
  // The server caps live drafts per address (DRAFTS_PER_ADDRESS, 5 by default): the window moves
  // to a new address every `perAddress` saves, as an attacker would.
  let addressCounter = 0
  const nextSink = () => {
    addressCounter += 1
    return `drafts-${RUN}-${String(addressCounter).padStart(3, '0')}@example.com`
  }
  const client = forwardedFor ? nextClient() : undefined
  const measure = async (): Promise<Size> => {
    if (options.databaseUrl) return databaseSize(options.databaseUrl)
    if (options.dataDir) return directorySize(options.dataDir)
    throw new Error('the growth row needs --data-dir or --database-url')
  }

  // The largest draft the server accepts: by bisection on its characters (its body grows with
  // them), from the schema's most (300 rows, 200 characters a field) down. Each probe names a
  // new address; with a trusted X-Forwarded-For the probes are another client's, so that the
  // window's client starts with no live drafts (an attacker knows the size without probing).
  progress('growth: finding the largest draft the server accepts')
  let probeClient = forwardedFor ? nextClient() : undefined
  const probes: GrowthResult['probes'] = []
  let probesCapped = false
  /** Whether a draft of `chars` characters is accepted; undefined once the cap stops probing. */
  const probe = async (chars: number): Promise<boolean | undefined> => {
    for (;;) {
      const body = filledDraft(program, nextSink(), chars)
      const answer = await untilNotRefused(() =>
        request(base, 'POST', '/api/drafts', { json: body, client: probeClient }),
      )
      if (!answer) throw new Error('POST /api/drafts: no answer')
      const refusal = refusalOf(answer)
      if (refusal === 'clientCap' && forwardedFor) {
        probeClient = nextClient()
        continue
      }
      probes.push({ bytes: bodyBytes(body), status: answer.status })
      if (refusal === 'clientCap' || refusal === 'addressCap') {
        progress(`growth: probing stopped by the cap on live drafts (${answer.status})`)
        probesCapped = true
        return undefined
      }
      if (answer.status >= 500) throw new Error(`POST /api/drafts answered ${answer.status}`)
      return answer.status === 201
    }
  }
  let low = 0
  let high = DRAFT_MAX_CHARS
  const blank = await probe(low)
  if (blank === false) throw new Error('POST /api/drafts refused even a blank draft')
  const highest = blank === undefined ? undefined : await probe(high)
  if (highest) low = high
  else if (highest === false) {
    while (high - low > 1000) {
      const middle = Math.floor((low + high) / 2)
      const accepted = await probe(middle)
      if (accepted === undefined) break
      if (accepted) low = middle
      else high = middle
    }
  }
  const largestDraftChars = low
  const largestDraftBytes = bodyBytes(filledDraft(program, nextSink(), low))
  progress(`growth: the largest draft is about ${(largestDraftBytes / 1024).toFixed(0)} KiB`)

  await drainOutbox(base, undefined, options.drainMaxS * 1000)
  await sleep(2000)
  const before = await measure()
  const deadline = Date.now() + options.growthWindowS * 1000
  let accepted = 0
  let refused = 0
  let bytesSent = 0
  let limit: number | undefined
  let perAddress = 5
  let sink = nextSink()
  let savesToSink = 0
  const addresses = new Set<string>()
  let capped: { refusal: Refusal; status: number; message: string; afterS: number } | undefined
  const startedAt = Date.now()
  progress(
    `growth: saving the largest draft at the rate limit for ${options.growthWindowS} s, a new address every ${perAddress} saves`,
  )
  while (Date.now() < deadline) {
    if (savesToSink >= perAddress) {
      sink = nextSink()
      savesToSink = 0
    }
    const body = filledDraft(program, sink, largestDraftChars)
    const answer = await request(base, 'POST', '/api/drafts', { json: body, client })
    limit ??= announcedLimit(answer)
    const refusal = refusalOf(answer)
    if (answer.status === 201) {
      accepted += 1
      savesToSink += 1
      addresses.add(sink)
      bytesSent += bodyBytes(body)
    } else if (refusal === 'rate') {
      refused += 1
      await sleep(Math.min(refusalWaitMs(answer), Math.max(0, deadline - Date.now())))
    } else if (refusal === 'addressCap' && savesToSink > 0) {
      // A lower cap per address than 5: move on at it from now on.
      perAddress = Math.min(perAddress, capIn(answer) ?? savesToSink, savesToSink)
      progress(`growth: ${sink} capped at ${savesToSink} drafts; a new address every ${perAddress}`)
      savesToSink = perAddress
    } else if (refusal === 'clientCap' || refusal === 'addressCap') {
      // The client's cap, or an address cap on an address this run never used: the channel is
      // capped, and stays so while the drafts live (30 days).
      capped = {
        refusal,
        status: answer.status,
        message: answer.text.slice(0, 300),
        afterS: (Date.now() - startedAt) / 1000,
      }
      progress(`growth: capped after ${accepted} drafts (${answer.status}); the window stops`)
      break
    } else {
      throw new Error(`POST /api/drafts answered ${answer.status}: ${answer.text.slice(0, 300)}`)
    }
  }
  await drainOutbox(base, undefined, options.drainMaxS * 1000)
  await sleep(2000)
  const after = await measure()
  const growth: Size = {
    apparent: after.apparent - before.apparent,
    allocated: after.allocated - before.allocated,
    withoutWal: after.withoutWal - before.withoutWal,
  }
  const bytesPerDraft = accepted ? growth.withoutWal / accepted : 0
  const perMinute = limit ?? accepted / Math.max(1, Math.ceil(options.growthWindowS / 60))
  const modelPerHour = bytesPerDraft * perMinute * 60
  // Capped: the live drafts hold the cap for the 30 days they live, so the hour (and the month)
  // keeps no more than the window did.
  const perHour = capped ? Math.max(0, growth.withoutWal) : modelPerHour
  const perHourFromWindow = (growth.apparent / options.growthWindowS) * 3600
  const source = options.databaseUrl
    ? 'pg_database_size(current_database())'
    : `the files of ${options.dataDir}`
  const capName = (refusal: Refusal) =>
    refusal === 'clientCap'
      ? 'its cap on live drafts per client (429, DRAFTS_PER_CLIENT)'
      : 'its cap on live drafts per address (409, DRAFTS_PER_ADDRESS), on an address this run had not used'
  return {
    source,
    largestDraftBytes,
    largestDraftChars,
    probes,
    windowS: options.growthWindowS,
    accepted,
    refused,
    addresses: addresses.size,
    perAddress,
    capped: capped !== undefined,
    cappedBy: capped,
    limitPerMinute: limit,
    bytesSent,
    before,
    after,
    growth,
    bytesPerDraft,
    perHour,
    modelPerHour,
    perHourFromWindow,
    explanation: [
      `The largest draft the server accepts: ${largestDraftChars} characters of random (incompressible) text, a ${kib(largestDraftBytes)} body (${probes.length} probes, each to a new address${forwardedFor ? ', as another client' : ', as this client: their drafts count against its cap'}${probesCapped ? '; the cap on live drafts stopped the probing, so the size is a lower bound' : ''}).`,
      `In ${options.growthWindowS} s one client saved ${accepted} of them to ${addresses.size} addresses, a new one every ${perAddress} saves (${refused} refused by the rate limit of ${limit ?? '?'} a minute), ${mib(bytesSent)} sent.`,
      ...(capped
        ? [
            `Capped: after ${accepted} drafts (${capped.afterS.toFixed(0)} s) the server refused the next with ${capName(capped.refusal)}: "${capped.message}". The script stopped there: the drafts live 30 days and hold the cap that long.`,
          ]
        : []),
      `Size (${source}): ${mib(before.withoutWal)} -> ${mib(after.withoutWal)} outside pg_wal (${signedMib(growth.withoutWal)}), ${signedMib(growth.apparent)} with pg_wal, ${signedMib(growth.allocated)} of disk blocks.`,
      capped
        ? `Per hour: capped, so the observed growth, ${mib(perHour)} outside pg_wal, is the hour's figure (and the 30 days': the cap holds while the drafts live), not ${kib(bytesPerDraft)} a draft x ${perMinute} drafts a minute x 60 = ${mib(modelPerHour)}. (The window's whole growth, WAL included: ${signedMib(growth.apparent)}.)`
        : `Per hour: ${kib(bytesPerDraft)} a draft (outside pg_wal) x ${perMinute} drafts a minute x 60 = ${mib(perHour)}; drafts live 30 days, so a day at the limit keeps 24 times that. (The window's whole growth, WAL included, scaled to an hour: ${mib(perHourFromWindow)}.)`,
    ],
  }
}

// ---------------------------------------------------------------------------------------------
// Output

const fmt = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a')
const ms = (value: number) => `${value.toFixed(2)} ms`
const percent = (value: number) => `${(value * 100).toFixed(0)}%`
const pValue = (value: number) => value.toFixed(value < 0.01 ? 4 : 3)
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`
const signedMib = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mib(bytes)}`
const count = (value: number) => Math.round(value).toLocaleString('en-US')

interface Row {
  measurement: string
  observed: string
  figure: string
  target: string
}

function table(rows: readonly Row[]): string {
  const headers: Row = {
    measurement: 'Measurement',
    observed: 'Observed',
    figure: 'Figure',
    target: 'Target after the fix',
  }
  const keys = Object.keys(headers) as Array<keyof Row>
  const all = [headers, ...rows]
  const widths = keys.map((key) => Math.max(...all.map((row) => row[key].length)))
  const line = (row: Row) =>
    `| ${keys.map((key, index) => row[key].padEnd(widths[index] ?? 0)).join(' | ')} |`
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`
  return [line(headers), rule, ...rows.map(line)].join('\n')
}

function report(
  options: Options,
  results: { timing?: TimingResult; mails?: MailResult; growth?: GrowthResult },
): string {
  const rows: Row[] = []
  const notes: string[] = []
  const { timing, mails, growth } = results
  if (timing) {
    const within = Math.abs(timing.ratio - 1) <= 0.1
    rows.push({
      measurement: 'Lost-link timing: known/unknown median',
      observed: `known ${ms(timing.knownMedianMs)}, unknown ${ms(timing.unknownMedianMs)}`,
      figure: `${fmt(timing.ratio)}x${within ? '' : ' (over 10%)'}`,
      target: 'within 10% (0.90x-1.10x)',
    })
    const { chance } = timing
    const leak = chance.pValue < 0.05
    rows.push({
      measurement: 'Lost-link timing: best threshold classifier',
      observed: `by median ${percent(timing.accuracyByMedian)}, by minimum ${percent(timing.accuracyByMinimum)}; chance ${percent(chance.median)} (95th pct ${percent(chance.p95)})`,
      figure: `${percent(timing.accuracy)}, ${chance.percentile.toFixed(1)}th pct of chance (p ${pValue(chance.pValue)})${leak ? ' (a leak)' : ''}`,
      target: 'chance: p >= 0.05',
    })
    notes.push(
      `Lost-link timing: ${timing.addresses} known addresses (dealer enrollments this script submitted) and ${timing.addresses} unknown ones, ${timing.tries} tries each, interleaved in random order; clients: ${timing.clients}; limit ${timing.limitPerMinute ?? '?'} a minute. Minimums: known ${ms(timing.knownMinMs)}, unknown ${ms(timing.unknownMinMs)} (${fmt(timing.ratioOfMinimums)}x). Answers: ${JSON.stringify(timing.statuses)}. The ratio of the medians is the headline.
  The classifier's accuracy is the best single cut over the ${timing.addresses * 2} per-address medians (or minimums, whichever scores better), either direction. 50% is not chance for it: on random data the best cut scores well above 50% (about 62.5% median for 20 vs 20 values). Chance here is a permutation null: the same accuracy with the known/unknown labels shuffled ${count(chance.shuffles)} times scores ${percent(chance.median)} median, ${percent(chance.p95)} at the 95th percentile. The observed ${percent(timing.accuracy)} beats ${chance.percentile.toFixed(1)}% of the shuffles (p = ${pValue(chance.pValue)}): ${leak ? 'better than chance, so the timing tells known addresses from unknown ones' : 'within chance, so this run shows no leak through the classifier'}.`,
    )
  }
  if (mails) {
    rows.push({
      measurement: 'Mails one client causes to one address',
      observed: `${count(mails.observed)} delivered in ${mails.windowS} s${mails.caused > mails.observed ? ` (+${count(mails.caused - mails.observed)} queued)` : ''}`,
      figure: `${count(mails.perHour)} per hour${mails.capped ? ' (capped)' : mails.sharedCount ? ' (upper bound: routes share one count)' : ''}`,
      target: '-',
    })
    const lines = (Object.entries(mails.channels) as Array<[Channel, ChannelFigures]>).map(
      ([name, figure]) =>
        `  ${name}: ${figure.request}: ${figure.accepted} accepted, ${figure.refused} refused (429)${figure.capped ? `, then capped (${figure.capped === 'addressCap' ? '409 per address' : '429 per client'})` : ''}${Object.keys(figure.other).length ? `, other ${JSON.stringify(figure.other)}` : ''}, limit ${figure.limitPerMinute ?? '?'}/min -> ${figure.mails} mails, ${count(figure.perHour)} per hour`,
    )
    notes.push(
      [
        `Mails to one address: as ${mails.client}, naming ${mails.victim}.`,
        ...lines,
        ...mails.explanation.map((line) => `  ${line}`),
        mails.unclassified
          ? `  ${mails.unclassified} mails of another kind counted in the total.`
          : '',
      ]
        .filter(Boolean)
        .join('\n'),
    )
  }
  if (growth) {
    rows.push({
      measurement: 'Database growth: an hour of drafts at the limit',
      observed: `${signedMib(growth.growth.withoutWal)} in ${growth.windowS} s (${growth.accepted} drafts to ${growth.addresses} addresses${growth.cappedBy ? `, capped after ${growth.cappedBy.afterS.toFixed(0)} s` : ''})`,
      figure: `${mib(growth.perHour)} per hour${growth.capped ? ' (capped)' : ''}`,
      target: '-',
    })
    notes.push(['Database growth:', ...growth.explanation.map((line) => `  ${line}`)].join('\n'))
  }
  return `${table(rows)}\n\n${notes.join('\n\n')}\n\nServer: ${options.url.origin}; run ${RUN}.\n`
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const options = readOptions()
  if (options.rows.has('growth') && !options.dataDir && !options.databaseUrl) {
    fail('the growth row needs --data-dir DIR or --database-url URL (or leave it out with --only)')
  }
  const health = await request(options.url, 'GET', '/healthz').catch((error: unknown) => {
    fail(`${options.url.origin} does not answer: ${String(error)}`)
  })
  if (health.status !== 200) fail(`GET /healthz answered ${health.status}`)
  const program = await readProgram(options.url)
  const detected = options.forwardedFor === 'auto' ? await trustsForwardedFor(options.url) : false
  const forwardedFor = options.forwardedFor === 'on' || detected
  progress(
    `program ${program.brand} ${program.year}; X-Forwarded-For ${forwardedFor ? 'trusted: the timing row acts as one client per address' : 'not used: one client'}`,
  )

  const results: { timing?: TimingResult; mails?: MailResult; growth?: GrowthResult } = {}
  if (options.rows.has('timing'))
    results.timing = await measureTiming(options, program, forwardedFor)
  // Growth before mails: the mail row may leave the outbox busy for minutes after its count.
  if (options.rows.has('growth'))
    results.growth = await measureGrowth(options, program, forwardedFor)
  if (options.rows.has('mails')) {
    if (!forwardedFor && results.timing) {
      progress(
        'mails: waiting 61 s, so that this machine starts the row with fresh one-minute limits',
      )
      await sleep(61_000)
    }
    results.mails = await measureMails(options, program, forwardedFor)
  }
  sharedAgent.destroy()

  const json = `${JSON.stringify({ server: options.url.origin, run: RUN, program, forwardedFor, ...results }, null, 2)}\n`
  if (options.jsonFile) await writeFile(options.jsonFile, json)
  process.stdout.write(options.json ? json : report(options, results))
}

main().catch((error: unknown) => {
  process.stderr.write(
    `measure-public-surface: ${error instanceof Error ? error.stack : String(error)}\n`,
  )
  process.exit(1)
})
