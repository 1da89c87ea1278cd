import type { LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toLmaRowEntry } from '../../shared/enrollment/dealer-entry-fields.js'
import { emptyLmaDealerRow } from '../../shared/enrollment/empty-enrollment.js'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import { capabilityHash } from '../capability/capability-token.js'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
} from '../test-support/admin-test-app.js'
import { deliveredMail } from '../test-support/delivered-mail.js'
import { dealerEnrollment, lmaEnrollment, lmaRecord } from '../test-support/enrollment-fixtures.js'
import { onlySheet, openWorkbook, postReportForm } from '../test-support/report-download.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'

const PUBLIC_URL = 'https://pos.example.com'
const NOT_FOUND =
  'This saved form does not exist or has expired (saved forms are kept for 30 days).'

/** An LMA form as someone leaves it: 12 dealer rows, half of them filled, some values invalid. */
function halfFilledLma(name = 'Half Filled Dealers'): Enrollment {
  const base = lmaEnrollment(6, { name, emailAddress: 'not an address yet', postal: '62' })
  const blanks = Array.from({ length: 6 }, () => emptyLmaDealerRow())
  return { ...base, dealers: [...base.dealers, ...blanks] }
}

function draftValues(enrollment: Enrollment) {
  const { status: _status, guid: _guid, ...values } = enrollment
  return values
}

/**
 * What a draft of the LMA form keeps: of each dealer row, the fields the table shows (the others
 * blank, as the row stores them); nothing a client sends beyond what its form shows.
 */
function kept(values: ReturnType<typeof draftValues>) {
  return {
    ...values,
    dealers: values.dealers.map((row) => ({ ...toLmaRowEntry(row), simple: row.simple })),
  }
}

describe.each(testDatabaseKinds())('save and continue later on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(
      kind,
      { PUBLIC_URL },
      { reminders: { schedule: false }, mail: { worker: false }, draftPurge: { schedule: false } },
    )
  })
  afterAll(() => t.close())

  const save = (email: string, values: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/drafts', payload: { email, values } })
  const saveAgain = (token: string, email: string, values: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/drafts?draft=${encodeURIComponent(token)}`,
      payload: { email, values },
    })
  const open = (token: string, brand = 'chevy', form = 'lma') =>
    t.app.inject({
      method: 'GET',
      url: `/api/drafts?${new URLSearchParams({ draft: token, brand, form })}`,
    })
  /** The draft-link mails to `recipient`, as delivered (the link is minted when one leaves). */
  const draftMails = async (recipient: string) => {
    const rows = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'draft-link')
      .where('recipient', '=', recipient)
      .execute()
    const mails = []
    for (const row of rows) mails.push(await deliveredMail(t.app, row.id))
    return mails
  }
  const LINK_IN_MAIL = /\/chevy\/enrollment\/lma\?draft=([A-Za-z0-9_-]{43})/
  const draftCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('enrollment_drafts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const expectPrivate = (response: LightMyRequestResponse) => {
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
  }
  const expectRefused = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(response.json().detail).toBe(NOT_FOUND)
    expectPrivate(response)
  }

  it('saves every field and dealer row as typed, mails the link once, and the link opens them again', async () => {
    const form = halfFilledLma()
    const response = await save('alex@half.example', draftValues(form))
    expect(response.statusCode).toBe(201)
    expectPrivate(response)
    const saved = response.json()
    expect(saved.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(saved).toMatchObject({ email: 'alex@half.example', mailed: true })
    const days = (Date.parse(saved.expiresAt) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.99)
    expect(days).toBeLessThanOrEqual(30)

    // Only the token's hash is stored.
    const row = await t.database.db
      .selectFrom('enrollment_drafts')
      .selectAll()
      .where('token_hash', '=', capabilityHash(saved.token))
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(row)).not.toContain(saved.token)

    const [mail, ...more] = await draftMails('alex@half.example')
    expect(more).toEqual([])
    expect(mail?.subject).toBe('Continue your 2025 Chevrolet Dealer Funded POS Program enrollment')
    expect(mail?.text).toContain(`${PUBLIC_URL}/chevy/enrollment/lma?draft=`)
    // The mailed link is a capability of its own, minted when the mail left: the outbox never
    // held it, and it opens the same draft as the saving browser's token.
    const mailed = LINK_IN_MAIL.exec(mail?.text ?? '')?.[1] as string
    expect(mailed).not.toBe(saved.token)
    const outbox = await t.database.db.selectFrom('outbox').selectAll().execute()
    expect(JSON.stringify(outbox)).not.toContain(mailed)
    expect((await open(mailed)).json().values).toEqual(kept(draftValues(form)))

    const opened = await open(saved.token)
    expect(opened.statusCode).toBe(200)
    expectPrivate(opened)
    expect(opened.json().values).toEqual(kept(draftValues(form)))
    expect(opened.json().values.dealers).toHaveLength(12)
    expect(opened.json().expiresAt).toBe(saved.expiresAt)
  })

  it('opens a draft only on its own brand and form; a malformed, unknown or expired token gets one 404', async () => {
    const { token } = (await save('scope@half.example', draftValues(halfFilledLma()))).json()
    expect((await open(token)).statusCode).toBe(200)
    expectRefused(await open(token, 'gm'))
    expectRefused(await open(token, 'chevy', 'dealer'))
    expectRefused(await open('not-a-token'))
    expectRefused(await open('A'.repeat(43)))
    expectRefused(await open(`${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`))

    await t.database.db
      .updateTable('enrollment_drafts')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', capabilityHash(token))
      .execute()
    expectRefused(await open(token))
    expectRefused(await saveAgain(token, 'scope@half.example', draftValues(halfFilledLma())))
  })

  it('saving again updates the same draft without a new link or a later expiry; a new address gets the link', async () => {
    const first = halfFilledLma('Saved Twice Dealers')
    const saved = (await save('twice@half.example', draftValues(first))).json()
    const changed = {
      ...first,
      lma: { ...lmaRecord({ name: 'Saved Twice Dealers' }), emailAddress: 'twice@half.example' },
      dealers: first.dealers.map((row, index) => (index === 7 ? { ...row, bac: '777777' } : row)),
    }
    const again = await saveAgain(saved.token, 'twice@half.example', draftValues(changed))
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ ...saved, mailed: false })
    expect((await open(saved.token)).json().values).toEqual(kept(draftValues(changed)))
    expect(await draftMails('twice@half.example')).toHaveLength(1)

    const moved = await saveAgain(saved.token, 'other@half.example', draftValues(changed))
    expect(moved.json()).toMatchObject({
      token: saved.token,
      mailed: true,
      email: 'other@half.example',
    })
    expect(await draftMails('other@half.example')).toHaveLength(1)
    const [toOld] = await draftMails('twice@half.example')
    // The link mailed to the old address no longer opens the draft; the new one does.
    expectRefused(await open(LINK_IN_MAIL.exec(toOld?.text ?? '')?.[1] as string))
    const [toNew] = await draftMails('other@half.example')
    expect((await open(LINK_IN_MAIL.exec(toNew?.text ?? '')?.[1] as string)).statusCode).toBe(200)

    // A draft stays a draft of its brand and form.
    const asDealer = draftValues(dealerEnrollment())
    expectRefused(await saveAgain(saved.token, 'twice@half.example', asDealer))
    expectRefused(
      await saveAgain(saved.token, 'twice@half.example', {
        ...draftValues(changed),
        brand: 'gm',
      }),
    )
    expect((await open(saved.token)).json().values).toEqual(kept(draftValues(changed)))
  })

  it('refuses bad input with a 400 and stores nothing', async () => {
    const before = await draftCount()
    const values = draftValues(halfFilledLma())
    const tooMany = { ...values, dealers: Array.from({ length: 301 }, () => emptyLmaDealerRow()) }
    const tooLong = { ...values, lma: { ...values.lma, contact: 'x'.repeat(201) } }
    const nul = { ...values, lma: { ...values.lma, city: 'Spring\u0000field' } }
    const badChoice = { ...values, dealers: [{ ...emptyLmaDealerRow(), kitSize: 'Huge' }] }
    const unknownBrand = { ...values, brand: 'tesla' }
    const cases: Array<[string, unknown]> = [
      ['a@b.example', tooMany],
      ['a@b.example', tooLong],
      ['a@b.example', nul],
      ['a@b.example', badChoice],
      ['a@b.example', unknownBrand],
      ['a@b.example', { ...values, dealers: 'many' }],
      ['a@b.example', null],
      ['not an address', values],
      [`${'a'.repeat(95)}@b.example`, values],
    ]
    for (const [email, body] of cases) {
      const response = await save(email, body)
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(response.headers['content-type']).toContain('application/problem+json')
    }
    const { token } = (await save('bad@half.example', values)).json()
    const again = await saveAgain(token, 'bad@half.example', tooLong)
    expect(again.statusCode).toBe(400)
    expect((await open(token)).json().values).toEqual(kept(values))
    expect(await draftCount()).toBe(before + 1)
    expect(await draftMails('a@b.example')).toEqual([])
  })

  it('a submission from a reopened form deletes its draft with it; another brand’s submission does not', async () => {
    const form = lmaEnrollment(2, { name: 'Completed Draft Dealers' })
    const { token } = (await save('done@half.example', draftValues(form))).json()
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/enrollments?draft=${token}`,
      payload: lmaEnrollment(1, { name: 'Other Brand Dealers' }, { brand: 'gm' }),
    })
    expect(elsewhere.statusCode).toBe(201)
    expect((await open(token)).statusCode).toBe(200)

    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/enrollments?draft=${token}`,
      payload: form,
    })
    expect(submitted.statusCode).toBe(201)
    expectRefused(await open(token))
    expect((await loadByReceipt(t, submitted.json())).lma?.name).toBe('Completed Draft Dealers')

    // A token that names no draft (expired meanwhile) does not stop a submission.
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/enrollments?draft=${'B'.repeat(43)}`,
      payload: dealerEnrollment(),
    })
    expect(late.statusCode).toBe(201)
  })

  it('a draft is in no list, figure, export, duplicate check or type-ahead', async () => {
    const admin = (url: string) => t.asAdmin({ method: 'GET', url })
    const exportRows = async () => {
      const response = await postReportForm(t.app, '/api/reports/export', {
        bearer_token: await t.idp.sign(ADMIN_CLAIMS),
      })
      return onlySheet(await openWorkbook(response)).rowCount
    }
    const seen = async () => ({
      list: (await admin('/api/enrollments?year=2025')).json(),
      dashboard: (await admin('/api/dashboard?year=2025')).json(),
      lookup: (await t.app.inject('/api/enrollments/autocomplete/lma-name?value=Isolated')).json(),
      exportRows: await exportRows(),
    })
    const before = await seen()

    const lma = lmaEnrollment(3, { name: 'Isolated Draft Dealers' })
    const dealer = dealerEnrollment({ bac: '424242', name: 'Isolated Draft Chevrolet' })
    for (const values of [lma, dealer, { ...lma, brand: 'gm' }]) {
      expect((await save('isolated@half.example', draftValues(values))).statusCode).toBe(201)
    }
    expect(await seen()).toEqual(before)

    // The same LMA and the same BAC are submitted as if no draft existed.
    for (const values of [lma, dealer]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/enrollments',
        payload: values,
      })
      expect(response.statusCode).toBe(201)
    }
  })

  it('purges expired drafts and keeps the others', async () => {
    const { token: kept } = (await save('kept@half.example', draftValues(halfFilledLma()))).json()
    const { token: old } = (await save('old@half.example', draftValues(halfFilledLma()))).json()
    await t.database.db
      .updateTable('enrollment_drafts')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('token_hash', '=', capabilityHash(old))
      .execute()
    const { createDraftRepository } = await import('./draft-repository.js')
    expect(await createDraftRepository(t.database.db).purgeExpired()).toBeGreaterThanOrEqual(1)
    const left = await t.database.db
      .selectFrom('enrollment_drafts')
      .select('token_hash')
      .where('token_hash', 'in', [capabilityHash(kept), capabilityHash(old)])
      .execute()
    expect(left).toEqual([{ token_hash: capabilityHash(kept) }])
  })
})

describe.each(testDatabaseKinds())('the drafts’ purge on the schedule on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(
      kind,
      {},
      { reminders: { schedule: false }, mail: { worker: false }, draftPurge: { everyMs: 100 } },
    )
  })
  afterAll(() => t.close())

  it('deletes an expired draft by itself', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/drafts',
      payload: { email: 'scheduled@purge.example', values: draftValues(halfFilledLma()) },
    })
    const hash = capabilityHash(response.json().token)
    await t.database.db
      .updateTable('enrollment_drafts')
      .set({ expires_at: sql<Date>`now() - interval '1 day'` })
      .where('token_hash', '=', hash)
      .execute()
    await waitFor(async () => {
      const row = await t.database.db
        .selectFrom('enrollment_drafts')
        .select('token_hash')
        .where('token_hash', '=', hash)
        .executeTakeFirst()
      return row === undefined ? true : undefined
    })
  })
})

describe.runIf(testDatabaseKinds().includes('postgres'))(
  'saving a draft again on two connections',
  () => {
    let t: AdminTestApp
    beforeAll(async () => {
      t = await createAdminTestApp(
        'postgres',
        {},
        {
          reminders: { schedule: false },
          mail: { worker: false },
          draftPurge: { schedule: false },
        },
      )
    })
    afterAll(() => t.close())

    it('two saves to a new address at once mail the link to it once', async () => {
      const values = draftValues(halfFilledLma('Raced Draft Dealers'))
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/drafts',
        payload: { email: 'first@race.example', values },
      })
      const put = () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/drafts?draft=${saved.json().token}`,
          payload: { email: 'moved@race.example', values },
        })
      const answers = await Promise.all([put(), put(), put()])
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200])
      expect(answers.filter((answer) => answer.json().mailed)).toHaveLength(1)
      const mails = await t.database.db
        .selectFrom('outbox')
        .select('id')
        .where('recipient', '=', 'moved@race.example')
        .execute()
      expect(mails).toHaveLength(1)
    })
  },
)
