import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVERY_ENROLLMENT } from '../../shared/auth/staff-role.js'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import type { NotReEnrolledList } from '../../shared/re-enrollment/not-re-enrolled-schema.js'
import { INVITATION_ACTION } from '../../shared/re-enrollment/not-re-enrolled-schema.js'
import { createAppContext } from '../app-context.js'
import { type DatabaseHandle, openDatabase } from '../db/database.js'
import { createEnrollmentLifecycleRepository } from '../enrollment/enrollment-lifecycle-repository.js'
import { createHistoryRepository } from '../enrollment/history-repository.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment, uniqueBac } from '../test-support/enrollment-fixtures.js'
import { countLockWaiters } from '../test-support/faults/postgres.js'
import {
  onlySheet,
  openWorkbook,
  postReportForm,
  rowValues,
} from '../test-support/report-download.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'
import { sendInvitations } from './send-invitations.js'

/** An answer's `notSent` when every selected enrollment was invited. */
const NONE_SKIPPED = { invitedRecently: 0, notListed: 0, noAddress: 0, demo: 0 }

interface Seeded {
  guid: string
  reference: string
  name: string
  type: 'Lma' | 'Dealer'
  brand: string
  regionId: number
  contactEmail: string
}

describe.each(testDatabaseKinds())('not yet re-enrolled on %s', (kind) => {
  let t: AdminTestApp
  const lastYear: Record<string, Seeded> = {}
  let regionA = 0
  let regionB = 0

  /** Submits for 2025, then makes it an approved enrollment of 2024. */
  async function approvedLastYear(key: string, body: Enrollment, regionId: number) {
    const stored = await submittedEnrollment(t, { ...body, regionId })
    await t.database.db
      .updateTable('enrollments')
      .set({ year: 2024, status: 'Approved', region_id: regionId })
      .where('guid', '=', stored.guid)
      .execute()
    await t.database.db
      .updateTable('enrollment_dealers')
      .set({ year: 2024 })
      .where('enrollment_id', 'in', (eb) =>
        eb.selectFrom('enrollments').select('id').where('guid', '=', stored.guid),
      )
      .execute()
    lastYear[key] = {
      guid: stored.guid,
      reference: stored.reference,
      name: stored.lma?.name ?? stored.dealers[0]?.name ?? '',
      type: stored.type,
      brand: stored.brand,
      regionId,
      contactEmail: stored.lma?.emailAddress ?? stored.dealers[0]?.authEmailAddress ?? '',
    }
    return stored
  }

  beforeAll(async () => {
    t = await createAdminTestApp(kind, { PUBLIC_URL: 'https://pos.example.com' })
    const regions = await t.database.db.selectFrom('regions').select('id').orderBy('id').execute()
    regionA = regions[0]?.id ?? 0
    regionB = regions[1]?.id ?? 0
    const bacs = Array.from({ length: 6 }, () => uniqueBac())
    // Last year: approved dealers and LMAs, one declined dealer.
    const came = await approvedLastYear(
      'dealer came back',
      dealerEnrollment({ bac: bacs[0], name: 'Came Back Chevrolet' }),
      regionA,
    )
    await approvedLastYear(
      'dealer away',
      dealerEnrollment({
        bac: bacs[1],
        name: 'Stayed Away Chevrolet',
        authEmailAddress: 'away@dealer.example',
      }),
      regionA,
    )
    await approvedLastYear(
      'dealer in an LMA now',
      dealerEnrollment({ bac: bacs[2], name: 'Joined An LMA Chevrolet' }),
      regionB,
    )
    await approvedLastYear(
      'gm dealer away',
      dealerEnrollment({ bac: bacs[3], name: '=Formula GM Dealer' }, { brand: 'gm' }),
      regionB,
    )
    const declined = await submittedEnrollment(
      t,
      dealerEnrollment({
        bac: bacs[4],
        name: 'Declined Last Year',
        billing: 'None',
        kitSize: 'None',
        hispanic: 'None',
      }),
    )
    await t.database.db
      .updateTable('enrollments')
      .set({ year: 2024 })
      .where('guid', '=', declined.guid)
      .execute()
    await approvedLastYear(
      'lma came back',
      lmaEnrollment(2, { name: 'Returning Dealers Association' }),
      regionA,
    )
    await approvedLastYear(
      'lma away',
      lmaEnrollment(3, {
        name: 'Absent Dealers Association',
        emailAddress: 'books@absent.example',
      }),
      regionB,
    )
    await approvedLastYear('lma renamed', lmaEnrollment(1, { name: 'Old Name Dealers' }), regionB)
    // This year: the dealer again, the LMA again (another spelling), a renamed LMA, and an LMA
    // that lists last year's third dealer.
    await submittedEnrollment(t, dealerEnrollment({ bac: came.dealers[0]?.bac.toLowerCase() }))
    await submittedEnrollment(t, lmaEnrollment(1, { name: '  returning dealers  association ' }))
    await submittedEnrollment(
      t,
      lmaEnrollment(1, {
        name: 'New Name Dealers',
        nameChanged: true,
        previousName: 'OLD NAME DEALERS',
      }),
    )
    const joined = lmaEnrollment(1, { name: 'Welcoming Dealers' })
    joined.dealers[0] = {
      ...joined.dealers[0],
      bac: bacs[2] ?? '',
    } as (typeof joined.dealers)[number]
    await submittedEnrollment(t, joined)
  })
  afterAll(() => t.close())

  const list = async (query = '') => {
    const response = await t.asAdmin({ method: 'GET', url: `/api/re-enrollment?year=2025${query}` })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as NotReEnrolledList
  }
  const names = (answer: NotReEnrolledList) => answer.items.map((item) => item.name).sort()

  it('lists last year’s approvals with no enrollment this year, by BAC or LMA name per brand', async () => {
    const answer = await list()
    expect(answer.invitable).toBe(true)
    expect(names(answer)).toEqual(
      ['dealer away', 'gm dealer away', 'lma away'].map((key) => lastYear[key]?.name).sort(),
    )
    const away = answer.items.find((item) => item.guid === lastYear['lma away']?.guid)
    // lmaEnrollment's rows: Large, Small, Large, each with Hispanic kits.
    expect(away).toMatchObject({
      reference: lastYear['lma away']?.reference,
      type: 'Lma',
      bac: '',
      contactName: 'Alex Agency',
      contactEmail: 'books@absent.example',
      contactPhone: '217-555-0110',
      regionId: regionB,
      kits: { dealers: 3, large: 2, small: 1, withHispanic: 3, hispanicOnly: 0 },
      invitedAt: null,
      invitations: 0,
    })
    const dealer = answer.items.find((item) => item.guid === lastYear['dealer away']?.guid)
    expect(dealer).toMatchObject({
      type: 'Dealer',
      contactEmail: 'away@dealer.example',
      kits: { dealers: 1, large: 1, small: 0, withHispanic: 0, hispanicOnly: 0 },
    })
  })

  it('filters by type, brand and region', async () => {
    expect(names(await list('&type=Lma'))).toEqual([lastYear['lma away']?.name])
    expect(names(await list('&type=Dealer&brand=chevy'))).toEqual([lastYear['dealer away']?.name])
    expect(names(await list('&brand=GM'))).toEqual([lastYear['gm dealer away']?.name])
    expect(names(await list(`&region=${regionA}`))).toEqual([lastYear['dealer away']?.name])
    // Another year: none of 2023's approvals (there are none) and no invitations.
    const before = await list('').then(() =>
      t.asAdmin({ method: 'GET', url: '/api/re-enrollment?year=2024' }),
    )
    expect(before.json()).toEqual({ year: 2024, invitable: false, items: [] })
  })

  it('exports the filtered list to Excel, formula-safe', async () => {
    const token = await t.idp.sign(
      { preferred_username: 'ada.admin@contoso.example', roles: ['PosAdmin'] },
      { expiresIn: 600 },
    )
    const response = await postReportForm(
      t.app,
      '/api/reports/not-re-enrolled?year=2025&type=Dealer',
      {
        bearer_token: token,
      },
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toMatch(/pos-not-re-enrolled-2025-/)
    const sheet = onlySheet(await openWorkbook(response))
    expect(rowValues(sheet, 1).slice(0, 5)).toEqual([
      'Enrollment Reference',
      'Type',
      'Brand',
      'BAC',
      'Name',
    ])
    const rows = [2, 3].map((row) => rowValues(sheet, row))
    // The brand as every screen and the list's export show it: its display name, not its key.
    expect(rows.map((row) => [row[4], row[2]]).sort()).toEqual([
      ["'=Formula GM Dealer", 'GM'],
      ['Stayed Away Chevrolet', 'Chevrolet'],
    ])
    // Last year's enrollments, named by their references.
    expect(rows.map((row) => row[0]).sort()).toEqual(
      ['dealer away', 'gm dealer away'].map((key) => lastYear[key]?.reference).sort(),
    )
    expect(sheet.getRow(4).values).toEqual([])
    const refused = await postReportForm(t.app, '/api/reports/not-re-enrolled?region=abc', {
      bearer_token: token,
    })
    expect(refused.statusCode).toBe(400)
  })

  it('invites one or a selection: mail through the outbox to the right form, history on last year’s', async () => {
    const chosen = [lastYear['lma away'], lastYear['gm dealer away']].map(
      (seed) => seed?.guid ?? '',
    )
    const response = await t.asAdmin({
      method: 'POST',
      url: '/api/re-enrollment/invitations',
      payload: { guids: chosen },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ sent: 2, skipped: 0, invited: chosen, notSent: NONE_SKIPPED })
    const mails = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 're-enrollment-invitation')
      .execute()
    const lma = mails.find((mail) => mail.recipient === 'books@absent.example')
    expect(lma?.subject).toBe(
      'Enroll Absent Dealers Association in the 2025 Chevrolet Dealer Funded POS Program',
    )
    expect(lma?.text).toContain('https://pos.example.com/chevy/enrollment/lma')
    expect(lma?.text).toContain('Feb 7, 2025')
    const gm = mails.find((mail) => mail.recipient === lastYear['gm dealer away']?.contactEmail)
    expect(gm?.subject).toBe('Enroll =Formula GM Dealer in the 2025 GM Dealer Funded POS Program')
    expect(gm?.text).toContain('https://pos.example.com/gm/enrollment/dealer')
    const history = await t.asAdmin({ method: 'GET', url: `/api/enrollments/${chosen[0]}/history` })
    expect(history.json().at(-1)).toMatchObject({
      action: 'Re-enrollment invitation sent',
      actor: 'ada.admin@contoso.example',
      statusBefore: 'Approved',
      statusAfter: 'Approved',
    })
    const shown = (await list()).items.find((item) => item.guid === chosen[0])
    expect(shown?.invitations).toBe(1)
    expect(Date.now() - new Date(shown?.invitedAt ?? 0).getTime()).toBeLessThan(60_000)

    // Again within 24 hours, one who came back, a declined one, an unknown id: nothing is sent.
    const again = await t.asAdmin({
      method: 'POST',
      url: '/api/re-enrollment/invitations',
      payload: {
        guids: [
          chosen[0],
          lastYear['dealer came back']?.guid,
          '6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f',
        ],
      },
    })
    // Each not sent says why: the answer is never a bare 0.
    expect(again.json()).toEqual({
      sent: 0,
      skipped: 3,
      invited: [],
      notSent: { ...NONE_SKIPPED, invitedRecently: 1, notListed: 2 },
    })
    const after = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 're-enrollment-invitation')
      .execute()
    expect(after).toHaveLength(2)
  })

  it('bad filters and bodies are a 400 naming the problem; strangers get 401', async () => {
    for (const [query, field] of [
      ['?region=abc', 'region'],
      ['?region=99999', 'region'],
      ['?type=lma', 'type'],
      ['?brand=ford', 'brand'],
      ['?year=25', 'year'],
    ] as const) {
      const response = await t.asAdmin({ method: 'GET', url: `/api/re-enrollment${query}` })
      expect(response.statusCode, query).toBe(400)
      expect(Object.keys(response.json().errors ?? {}), query).toContain(field)
    }
    for (const payload of [
      {},
      { guids: [] },
      { guids: ['not-an-id'] },
      { guids: [lastYear['lma away']?.guid], year: 2025 },
      { guids: Array.from({ length: 501 }, () => lastYear['lma away']?.guid) },
    ]) {
      const response = await t.asAdmin({
        method: 'POST',
        url: '/api/re-enrollment/invitations',
        payload,
      })
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/re-enrollment' })).statusCode).toBe(401)
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/re-enrollment/invitations',
      payload: { guids: [lastYear['dealer away']?.guid] },
    })
    expect(stranger.statusCode).toBe(401)
  })
})

describe.runIf(testDatabaseKinds().includes('postgres'))(
  'two administrators inviting at once',
  () => {
    let t: AdminTestApp
    let other: DatabaseHandle
    beforeAll(async () => {
      t = await createAdminTestApp('postgres', {}, { mail: { worker: false } })
      other = await openDatabase({ databaseUrl: t.database.url, dataDir: '' })
    })
    afterAll(async () => {
      await other?.close()
      await t?.close()
    })

    it('the second waits for the first and sends nothing', async () => {
      const stored = await submittedEnrollment(
        t,
        dealerEnrollment({ authEmailAddress: 'once@invite.example' }),
      )
      await t.database.db
        .updateTable('enrollments')
        .set({ year: 2024, status: 'Approved' })
        .where('guid', '=', stored.guid)
        .execute()
      await t.database.db.updateTable('enrollment_dealers').set({ year: 2024 }).execute()
      const admin = {
        username: 'second@contoso.example',
        scope: EVERY_ENROLLMENT,
      } as Parameters<typeof sendInvitations>[2]
      const theirs = createAppContext(other.db, t.config, { kick: () => {} })
      let second: ReturnType<typeof sendInvitations> | undefined
      await t.database.db.transaction().execute(async (trx) => {
        // The first administrator's invitation as it runs: the row locked, the history
        // written, not committed yet.
        await createEnrollmentLifecycleRepository().lock(trx, stored.guid)
        await createHistoryRepository(trx).record(trx, {
          guid: stored.guid,
          action: INVITATION_ACTION,
          actor: 'first@contoso.example',
          statusBefore: 'Approved',
          statusAfter: 'Approved',
        })
        second = sendInvitations(theirs, [stored.guid], admin)
        await waitFor(async () =>
          (await countLockWaiters(t.database.url ?? '')) > 0 ? true : undefined,
        )
      })
      expect(await second).toEqual({
        sent: 0,
        skipped: 1,
        invited: [],
        notSent: { ...NONE_SKIPPED, invitedRecently: 1 },
      })
      const mails = await t.database.db
        .selectFrom('outbox')
        .select('id')
        .where('recipient', '=', 'once@invite.example')
        .where('kind', '=', 're-enrollment-invitation')
        .execute()
      expect(mails).toEqual([])
    })
  },
)
