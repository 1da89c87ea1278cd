import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addressHash } from '../mail/mail-budget-repository.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { hasPostgres, queryOnce } from '../test-support/faults/postgres.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { waitFor } from '../test-support/wait-for.js'
import { ADDRESS_GONE } from './status-links.js'

const TOKEN_IN_MAIL = /\/chevy\/enrollment\/status\/([A-Za-z0-9_-]{43})/

/**
 * "Lost the mail?" against the office's correction of the address, on two connections: the link
 * is minted under the enrollment's row lock for an address that is current then, so a correction
 * that commits first leaves nothing to send, and one that comes after is undone by the re-issue.
 * Only PostgreSQL shows this: PGlite runs one transaction at a time.
 */
describe.runIf(hasPostgres())('"Lost the mail?" against a correction on PostgreSQL', () => {
  let t: AdminTestApp
  let url: string
  beforeAll(async () => {
    t = await createAdminTestApp(
      'postgres',
      {},
      { mail: { worker: false }, reminders: { schedule: false }, draftPurge: { schedule: false } },
    )
    url = t.database.url ?? ''
  })
  afterAll(() => t.close())

  /** The statements of other connections that wait for a lock now. */
  const waiting = async () =>
    (
      await queryOnce<{ query: string }>(
        url,
        `select query from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
      )
    ).map((row) => row.query)
  const waitingFor = (pattern: RegExp) =>
    waitFor(async () => (await waiting()).some((query) => pattern.test(query)) || undefined)
  const LOCKING_ENROLLMENT = /from "enrollments".*for update/s

  /** Whether a promise settled within `ms`. */
  const settledWithin = (promise: Promise<unknown>, ms: number) =>
    Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
    ])

  let names = 0
  /** An LMA whose contact is `contact`, its own mails sent (the receipt carries a link to it). */
  async function lmaOf(contact: string) {
    const stored = await submittedEnrollment(
      t,
      lmaEnrollment(1, { name: `Raced Lost Dealers ${++names}`, emailAddress: contact }),
    )
    await t.app.mail.deliverNow()
    return stored
  }
  async function askLostLinks(email: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/status/lost-links',
      payload: { email },
    })
    expect(response.statusCode).toBe(202)
    return t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'status-link')
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  }
  const outboxRow = (id: string) =>
    t.database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const linksOf = (guid: string) =>
    t.database.db
      .selectFrom('status_links')
      .selectAll()
      .where('enrollment_guid', '=', guid)
      .orderBy('id')
      .execute()
  const open = (token: string) => t.app.inject({ method: 'GET', url: `/api/status/${token}` })

  it('a correction that holds the row while the mail is drawn wins: the mail is held and no link is minted for the old address', async () => {
    const old = 'old.contact@raced.example'
    const stored = await lmaOf(old)
    const linksBefore = await linksOf(stored.guid)
    // The receipt's link, to the old address.
    expect(linksBefore.map((link) => link.recipient_hash)).toEqual([addressHash(old)])
    const queued = await askLostLinks(old)

    const other = new pg.Client({ connectionString: url })
    await other.connect()
    try {
      await other.query('begin')
      await other.query('select id from enrollments where guid = $1 for update', [stored.guid])
      await other.query(
        `update enrollments set lma = jsonb_set(lma, '{emailAddress}', to_jsonb($2::text))
         where guid = $1`,
        [stored.guid, 'new.contact@raced.example'],
      )
      const delivering = t.app.mail.deliverNow()
      await waitingFor(LOCKING_ENROLLMENT)
      // It waits for the correction's lock, and does not go ahead without it.
      expect(await settledWithin(delivering, 300)).toBe(false)
      await other.query('commit')
      await delivering
    } finally {
      await other.end()
    }

    const row = await outboxRow(queued.id)
    expect(row.sent_at).toBeNull()
    expect(row.held_at).not.toBeNull()
    expect(row.last_error).toBe(ADDRESS_GONE)
    // No link was minted since the request.
    expect(await linksOf(stored.guid)).toEqual(linksBefore)
    expect(
      t.app.mail.devMailbox?.messages().some((mail) => mail.outboxId === String(queued.id)),
    ).toBe(false)
  })

  it('a correction that waits for the mail’s lock comes after it: the link minted for the old address is revoked by the re-issue', async () => {
    const old = 'old.billing@raced.example'
    const corrected = 'new.billing@raced.example'
    const stored = await lmaOf(old)
    const queued = await askLostLinks(old)

    // A second connection keeps the mint from finishing once it holds the enrollment's lock:
    // writing status_links waits for this table lock.
    const holder = new pg.Client({ connectionString: url })
    await holder.connect()
    let delivering: Promise<void> | undefined
    let correcting: ReturnType<AdminTestApp['asAdmin']> | undefined
    try {
      await holder.query('begin')
      await holder.query('lock table status_links in share mode')
      delivering = t.app.mail.deliverNow()
      await waitingFor(/"status_links"/)
      correcting = t.asAdmin({
        method: 'POST',
        url: `/api/enrollments/${stored.guid}/update`,
        payload: { ...stored, regionId: 1, lma: { ...stored.lma, emailAddress: corrected } },
      })
      // The correction waits for the lock the mail's transaction holds.
      await waitingFor(LOCKING_ENROLLMENT)
      expect(await settledWithin(correcting, 300)).toBe(false)
      await holder.query('commit')
      await delivering
      const saved = await correcting
      expect(saved.statusCode, saved.body).toBe(200)
    } finally {
      await holder.end()
      await Promise.allSettled([delivering, correcting])
    }

    // The mail left with a link for the old address, minted before the correction.
    const row = await outboxRow(queued.id)
    expect(row.sent_at).not.toBeNull()
    const mail = t.app.mail.devMailbox
      ?.messages()
      .find((each) => each.outboxId === String(queued.id))
    const token = TOKEN_IN_MAIL.exec(mail?.text ?? '')?.[1] as string
    expect(token).toBeDefined()
    expect((await open(token)).statusCode).toBe(200)

    // The office re-issues: the old address's link opens nothing; the new address's does.
    const reissued = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/status-link/reissue`,
    })
    expect(reissued.statusCode, reissued.body).toBe(200)
    expect(reissued.json().sentTo).toBe(corrected)
    expect((await open(token)).statusCode).toBe(404)
    const live = (await linksOf(stored.guid)).filter((link) => link.revoked_at === null)
    expect(live).toEqual([])

    await t.app.mail.deliverNow()
    const reissueMail = await t.database.db
      .selectFrom('outbox')
      .select(['id', 'sent_at'])
      .where('enrollment_guid', '=', stored.guid)
      .where('kind', '=', 'status-link-reissued')
      .executeTakeFirstOrThrow()
    expect(reissueMail.sent_at).not.toBeNull()
    const fresh = TOKEN_IN_MAIL.exec(
      t.app.mail.devMailbox?.messages().find((each) => each.outboxId === String(reissueMail.id))
        ?.text ?? '',
    )?.[1] as string
    expect((await open(fresh)).statusCode).toBe(200)
    // And a later "Lost the mail?" for the old address finds nothing to send.
    const again = await askLostLinks(old)
    await t.app.mail.deliverNow()
    expect((await outboxRow(again.id)).last_error).toBe(ADDRESS_GONE)
    const liveNow = (await linksOf(stored.guid)).filter((link) => link.revoked_at === null)
    expect(liveNow.map((link) => link.recipient_hash)).toEqual([addressHash(corrected)])
  })
})
