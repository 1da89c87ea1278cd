import type { Kysely } from 'kysely'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import { formatDate } from '../../shared/format/date-text.js'
import type {
  Manifest,
  Release,
  ReleaseSummary,
  SalesEvent,
  SalesEventBody,
} from '../../shared/shipping/shipping-schema.js'
import type { AuditRepository } from '../audit/audit-repository.js'
import type { Staff } from '../auth/auth-plugin.js'
import type { Database } from '../db/schema.js'
import { AppError } from '../http/app-error.js'
import { buildManifest, compareWithRelease, type ManifestLine } from './manifest.js'
import type { ShippingRepository, StoredEvent } from './shipping-repository.js'

/** What shipping's operations are handed: the app's context's part they use. */
export interface ShippingContext {
  db: Kysely<Database>
  shipping: ShippingRepository
  audit: AuditRepository
  within(trx: Kysely<Database>): { shipping: ShippingRepository; audit: AuditRepository }
}

export const EVENT_NOT_FOUND = 'This sales event does not exist (it may have been removed).'
export const NAME_TAKEN = 'This brand’s year already has a sales event of that name.'

/** The event's answer: everything but its row id and number. */
export function eventAnswer(event: StoredEvent): SalesEvent {
  const { id: _id, number: _number, ...answer } = event
  return answer
}

async function eventOrNotFound(
  shipping: ShippingRepository,
  guid: string,
  options: { lock?: boolean } = {},
): Promise<StoredEvent> {
  const event = await shipping.findEvent(guid, options)
  if (!event) throw AppError.notFound(EVENT_NOT_FOUND)
  return event
}

export async function listEvents(
  context: ShippingContext,
  brand: string,
  year: number,
): Promise<SalesEvent[]> {
  return (await context.shipping.listEvents(brand, year)).map(eventAnswer)
}

/**
 * An event of a year is dated around it (docs/product.md#sales-events): each date between
 * January 1 of the year before and December 31 of the year after; a 400 naming each date that
 * is not.
 */
function checkDatesAround(year: number, body: SalesEventBody): void {
  const first = `${year - 1}-01-01`
  const last = `${year + 1}-12-31`
  const errors: Record<string, string[]> = {}
  const dates = [
    ['shipBy', 'ship-by date'],
    ['inStoreFrom', 'first in-store date'],
    ['inStoreTo', 'last in-store date'],
  ] as const
  for (const [field, label] of dates) {
    if (body[field] < first || body[field] > last) {
      errors[field] = [
        `The ${label} must fall between ${formatDate(first)} and ${formatDate(last)}: an event of ${year} is dated around its program year.`,
      ]
    }
  }
  if (Object.keys(errors).length > 0) {
    throw AppError.badRequest('The sales event is not valid.', errors)
  }
}

export async function addEvent(
  context: ShippingContext,
  brand: string,
  year: number,
  body: SalesEventBody,
  staff: Staff,
): Promise<SalesEvent> {
  checkDatesAround(year, body)
  return context.db.transaction().execute(async (trx) => {
    const { shipping, audit } = context.within(trx)
    const event = await shipping.createEvent(brand, year, body)
    if (!event) throw new AppError(409, NAME_TAKEN)
    await audit.record({
      actor: staff.username,
      action: 'event-added',
      year,
      filters: { brand, event: event.code, ...body },
      rows: 1,
    })
    return eventAnswer(event)
  })
}

/** Renames or re-dates an event (released ones too); the audit trail records it. */
export async function changeEvent(
  context: ShippingContext,
  guid: string,
  version: number,
  body: SalesEventBody,
  staff: Staff,
): Promise<SalesEvent> {
  return context.db.transaction().execute(async (trx) => {
    const { shipping, audit } = context.within(trx)
    const event = await eventOrNotFound(shipping, guid, { lock: true })
    if (event.version !== version) {
      throw new AppError(
        409,
        'Someone changed this sales event meanwhile: look at it again before you change it.',
      )
    }
    checkDatesAround(event.year, body)
    if (await shipping.nameTaken(event, body.name)) throw new AppError(409, NAME_TAKEN)
    await shipping.updateEvent(guid, version, body)
    await audit.record({
      actor: staff.username,
      action: 'event-changed',
      year: event.year,
      filters: { brand: event.brand, event: event.code, ...body },
      rows: 1,
    })
    return eventAnswer(await eventOrNotFound(shipping, guid))
  })
}

/** Removes an event that has never been released. */
export async function removeEvent(
  context: ShippingContext,
  guid: string,
  staff: Staff,
): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    const { shipping, audit } = context.within(trx)
    const event = await eventOrNotFound(shipping, guid, { lock: true })
    if (event.releases > 0 || !(await shipping.removeEvent(guid))) {
      throw new AppError(
        409,
        'This event’s manifest has been released to the vendor: it can be renamed or re-dated, not removed.',
      )
    }
    await audit.record({
      actor: staff.username,
      action: 'event-removed',
      year: event.year,
      filters: { brand: event.brand, event: event.code, name: event.name },
      rows: 1,
    })
  })
}

function publicRow(line: ManifestLine): Manifest['rows'][number] {
  const { bacKey: _key, regionId: _region, ...row } = line
  return row
}

/** A row as released: no enrollment guid (the vendor reads releases; the reference names it). */
function releasedRow(line: ManifestLine): Release['rows'][number] {
  const { bacKey: _key, regionId: _region, enrollmentGuid: _guid, ...row } = line
  return row
}

/** The manifest as it would be released now: current rows compared with the last release. */
async function manifestNow(
  shipping: ShippingRepository,
  event: StoredEvent,
  scope: EnrollmentScope,
) {
  const candidates = await shipping.manifestCandidates(event.brand, event.year, scope)
  const current = buildManifest(candidates, await shipping.shipToAddresses(candidates))
  const releases = await shipping.releases(event.id, scope)
  const last = releases[0] ?? null
  const lastId = last ? await shipping.releaseId(event.id, last.number) : null
  const before = lastId
    ? (await shipping.releaseRows(lastId, scope)).filter((row) => row.change !== 'cancelled')
    : []
  return { ...compareWithRelease(current.lines, before), problems: current.problems, last }
}

export async function findManifest(
  context: ShippingContext,
  guid: string,
  scope: EnrollmentScope,
): Promise<Manifest> {
  const event = await eventOrNotFound(context.shipping, guid)
  const now = await manifestNow(context.shipping, event, scope)
  return {
    event: eventAnswer(event),
    lastRelease: now.last,
    rows: now.rows.map(publicRow),
    cancelled: now.cancelled.map(publicRow),
    problems: now.problems,
  }
}

/**
 * Releases an event's manifest to the vendor (docs/product.md#releases): under the event's row
 * lock, so two releases at once make one; refused when a release was made since the one the
 * office saw (`after`), or when nothing changed since the last. Rows that cannot ship stay out.
 */
export async function releaseManifest(
  context: ShippingContext,
  guid: string,
  after: number,
  staff: Staff,
): Promise<ReleaseSummary> {
  return context.db.transaction().execute(async (trx) => {
    const { shipping, audit } = context.within(trx)
    const event = await eventOrNotFound(shipping, guid, { lock: true })
    const now = await manifestNow(shipping, event, staff.scope)
    const lastNumber = now.last?.number ?? 0
    if (after !== lastNumber) {
      throw new AppError(
        409,
        `Release ${lastNumber} of ${event.name} was made meanwhile: look at the manifest again before you release it.`,
      )
    }
    const changes = [...now.rows, ...now.cancelled].filter((row) => row.change !== 'unchanged')
    if (now.last && changes.length === 0) {
      throw new AppError(409, `Nothing has changed since release ${lastNumber} of ${event.name}.`)
    }
    if (!now.last && now.rows.length === 0) {
      throw new AppError(409, `${event.name} has no dealer to ship to yet.`)
    }
    const number = await shipping.insertRelease(event, staff.username, now.rows, now.cancelled)
    await audit.record({
      actor: staff.username,
      action: 'manifest-release',
      year: event.year,
      filters: { brand: event.brand, event: event.code, release: number },
      rows: changes.length,
    })
    const releases = await shipping.releases(event.id)
    const made = releases.find((each) => each.number === number)
    if (!made) throw new Error('the release just made is not found')
    return made
  })
}

/** Who reads a release: their scope, and whether they are the print vendor. */
export interface ReleaseReader {
  scope: EnrollmentScope
  role: Staff['role']
}

/**
 * The event of a release read: to the print vendor, an event never released does not exist (its
 * name and dates are the office's until the first release).
 */
async function releasedEventOrNotFound(
  shipping: ShippingRepository,
  guid: string,
  reader: ReleaseReader,
): Promise<StoredEvent> {
  const event = await eventOrNotFound(shipping, guid)
  if (reader.role === 'fulfillment' && event.releases === 0) {
    throw AppError.notFound(EVENT_NOT_FOUND)
  }
  return event
}

/** An event's releases, newest first; a regional manager's counts are their regions'. */
export async function listReleases(
  context: ShippingContext,
  guid: string,
  reader: ReleaseReader,
): Promise<ReleaseSummary[]> {
  const event = await releasedEventOrNotFound(context.shipping, guid, reader)
  return context.shipping.releases(event.id, reader.scope)
}

/** A release with its rows in the scope (a regional manager's regions; everything for the vendor). */
export async function findRelease(
  context: ShippingContext,
  guid: string,
  number: number,
  reader: ReleaseReader,
): Promise<Release> {
  const { shipping } = context
  const event = await releasedEventOrNotFound(shipping, guid, reader)
  const releaseId = await shipping.releaseId(event.id, number)
  const summary = (await shipping.releases(event.id, reader.scope)).find(
    (each) => each.number === number,
  )
  if (!releaseId || !summary) {
    throw AppError.notFound(`This sales event has no release ${number}.`)
  }
  const rows = await shipping.releaseRows(releaseId, reader.scope)
  return {
    ...summary,
    event: eventAnswer(event),
    rows: rows.map(releasedRow),
  }
}
