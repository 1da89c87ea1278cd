import type { LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_DEALER_ROWS } from '../../shared/domain/enrollment-choices.js'
import { DEALER_FIELDS } from '../../shared/enrollment/dealer-entry-fields.js'
import type { DraftValues } from '../../shared/enrollment/draft-schema.js'
import type { DealerEntry, LmaRecord } from '../../shared/enrollment/enrollment.js'
import { MAX_LENGTH } from '../../shared/enrollment/field-limits.js'
import { LMA_FIELDS } from '../../shared/enrollment/lma-record-fields.js'
import { capabilityHash } from '../capability/capability-token.js'
import { dealerEnrollment } from '../test-support/enrollment-fixtures.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { TOO_MANY_DRAFTS_FOR_ADDRESS, TOO_MANY_DRAFTS_FROM_CLIENT } from './drafts.js'

const TOO_LARGE = 'This form is larger than any form the program takes, so it cannot be saved.'

/** The fields a row of the LMA form's dealer table shows (docs/product.md#fields). */
const SHOWN_ON_LMA_ROW = ['bac', 'name', 'country', 'kitSize', 'hispanic']

const text = (length: number, letter = 'x') => letter.repeat(length)

/** Each LMA field at the longest the form takes (field-limits.ts; a field it names not: 100). */
function longestLma(): LmaRecord {
  const limits: Record<string, number> = {
    ...MAX_LENGTH,
    name: MAX_LENGTH.lmaName,
    previousName: MAX_LENGTH.previousLmaName,
    authFaxNumber: MAX_LENGTH.authPhoneNumber,
  }
  return Object.fromEntries(
    LMA_FIELDS.map((field) => {
      if (field === 'nameChanged') return [field, true]
      if (field === 'type') return [field, 'Turnkey']
      return [field, text(limits[field] ?? MAX_LENGTH.unshown)]
    }),
  ) as unknown as LmaRecord
}

/**
 * A row of the LMA dealer table with each field it shows at its longest, and every field it does
 * not show as `hidden` gives it (blank unless a test fills them).
 */
function longestRow(hidden: Partial<Record<string, string>> = {}, nameLength = 100): DealerEntry {
  const row: Record<string, string> = Object.fromEntries(
    DEALER_FIELDS.map((field) => [field, hidden[field] ?? '']),
  )
  return {
    ...row,
    bac: text(MAX_LENGTH.bacLmaRow),
    name: text(nameLength),
    country: text(MAX_LENGTH.country),
    kitSize: 'Large',
    hispanic: 'Only',
    billing: 'Lma',
  } as unknown as DealerEntry
}

/** The largest real form: the LMA form with 300 dealer rows, every shown field at its longest. */
function largestLmaForm(row = longestRow()): DraftValues {
  return {
    type: 'Lma',
    brand: 'chevy',
    year: 2025,
    regionId: 1,
    lma: longestLma(),
    dealers: Array.from({ length: MAX_DEALER_ROWS }, () => row),
  }
}

/**
 * Drafts are bounded (docs/security.md#capabilities): a draft keeps only what its form shows, at
 * most the largest real form and 10%, and live drafts are capped per address and per client.
 */
describe.each(testDatabaseKinds())('the bounds of saved drafts on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { DRAFTS_PER_ADDRESS: '2', DRAFTS_PER_CLIENT: '2' },
      { mail: { worker: false }, reminders: { schedule: false }, draftPurge: { schedule: false } },
    )
  })
  afterAll(() => t.close())

  let clients = 0
  /** A client of its own for each save unless a test names one (the per-client cap is 2). */
  const save = (email: string, values: unknown, remoteAddress = `198.18.0.${++clients}`) =>
    t.app.inject({
      method: 'POST',
      url: '/api/drafts',
      payload: { email, values },
      remoteAddress,
    })
  const count = async (table: 'enrollment_drafts' | 'outbox') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const stored = (token: string) =>
    t.database.db
      .selectFrom('enrollment_drafts')
      .selectAll()
      .where('token_hash', '=', capabilityHash(token))
      .executeTakeFirstOrThrow()
  const dealerValues = (name: string) => {
    const { status: _status, guid: _guid, ...values } = dealerEnrollment({ name })
    return values
  }
  const expectProblem = (response: LightMyRequestResponse, status: number, detail: string) => {
    expect(response.statusCode, response.body).toBe(status)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(response.json().detail).toBe(detail)
    expect(response.headers['cache-control']).toBe('no-store')
  }

  it('saves the largest real form: 300 dealer rows, every shown field at its longest', async () => {
    const values = largestLmaForm()
    const response = await save('largest@bounds.example', values)
    expect(response.statusCode, response.body).toBe(201)
    const row = await stored(response.json().token)
    expect(row.content.dealers).toHaveLength(MAX_DEALER_ROWS)
    expect(row.content.lma).toEqual(values.lma)
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/drafts?${new URLSearchParams({ draft: response.json().token, brand: 'chevy', form: 'lma' })}`,
    })
    expect(opened.statusCode).toBe(200)
    expect(opened.json().values.dealers[299].name).toBe(text(100))
  })

  it('refuses a form well over the largest (300 rows with 200-character names) with a 413; nothing stored, nothing mailed', async () => {
    const drafts = await count('enrollment_drafts')
    const mails = await count('outbox')
    const values = largestLmaForm(longestRow({}, 200))
    const response = await save('too.large@bounds.example', values)
    expectProblem(response, 413, TOO_LARGE)
    expect(await count('enrollment_drafts')).toBe(drafts)
    expect(await count('outbox')).toBe(mails)
    await t.app.mail.deliverNow()
    expect(
      t.app.mail.devMailbox
        ?.messages()
        .filter((mail) => mail.to.includes('too.large@bounds.example')),
    ).toEqual([])
  })

  it('counts only the fields the form shows: long hidden fields are dropped, not stored, and do not make it too large', async () => {
    const hidden = { address: text(100, 'h'), city: text(60, 'q'), authName: text(20, 'z') }
    const values = largestLmaForm(longestRow(hidden))
    // Counted, the hidden texts alone would be more than the 10% over the largest form allowed.
    expect(MAX_DEALER_ROWS * 180).toBeGreaterThan(0.1 * JSON.stringify(largestLmaForm()).length)
    // Within the request's size limit, so it is the draft's own bound that is measured.
    const body = JSON.stringify({ email: 'hidden@bounds.example', values })
    expect(body.length).toBeLessThan(256 * 1024)
    const response = await save('hidden@bounds.example', values)
    expect(response.statusCode, response.body).toBe(201)
    const row = await stored(response.json().token)
    const content = JSON.stringify(row.content)
    expect(content).not.toContain('hhhh')
    expect(content).not.toContain('qqqq')
    expect(content).not.toContain('zzzz')
    for (const dealer of row.content.dealers) {
      expect(Object.keys(dealer).sort()).toEqual([...SHOWN_ON_LMA_ROW].sort())
    }

    // The dealer form shows one dealer entry and no LMA record: a second entry and a record go.
    const dealer = {
      ...dealerValues('Hidden Extra Motors'),
      lma: { ...longestLma(), name: 'Smuggled LMA Record' },
      dealers: [
        dealerValues('Shown Motors').dealers[0],
        dealerValues('Smuggled Motors').dealers[0],
      ],
    }
    const saved = await save('hidden.dealer@bounds.example', dealer)
    expect(saved.statusCode, saved.body).toBe(201)
    const dealerRow = await stored(saved.json().token)
    expect(dealerRow.content.lma).toBeNull()
    expect(dealerRow.content.dealers.map((each) => each.name)).toEqual(['Shown Motors'])
    expect(JSON.stringify(dealerRow.content)).not.toContain('Smuggled')
  })

  it('refuses a third live draft to one address with a 409 (in any case); nothing stored, nothing mailed', async () => {
    const email = 'capped@bounds.example'
    expect((await save(email, dealerValues('Capped One'))).statusCode).toBe(201)
    const second = await save(email.toUpperCase(), dealerValues('Capped Two'))
    expect(second.statusCode).toBe(201)
    const drafts = await count('enrollment_drafts')
    const mails = await count('outbox')
    const third = await save(email, dealerValues('Capped Three'))
    expectProblem(third, 409, TOO_MANY_DRAFTS_FOR_ADDRESS(2))
    expect(third.json().detail).toBe(
      'This email address already has 2 saved forms. Open one from its mail and submit it, or wait until one expires, before saving another.',
    )
    expect(await count('enrollment_drafts')).toBe(drafts)
    expect(await count('outbox')).toBe(mails)

    // Saving another draft again with this address counts too: it is a new draft for it.
    const elsewhere = await save('elsewhere@bounds.example', dealerValues('Moving Motors'))
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/drafts?draft=${elsewhere.json().token}`,
      payload: { email, values: dealerValues('Moving Motors') },
      remoteAddress: '198.18.1.1',
    })
    expectProblem(moved, 409, TOO_MANY_DRAFTS_FOR_ADDRESS(2))
    expect((await stored(elsewhere.json().token)).email).toBe('elsewhere@bounds.example')

    // An expired draft holds no place.
    await t.database.db
      .updateTable('enrollment_drafts')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('token_hash', '=', capabilityHash(second.json().token))
      .execute()
    expect((await save(email, dealerValues('Capped Four'))).statusCode).toBe(201)
  })

  it('refuses a client’s third live draft with a 429; another client saves', async () => {
    const client = '198.18.2.1'
    expect((await save('c1@bounds.example', dealerValues('Client One'), client)).statusCode).toBe(
      201,
    )
    expect((await save('c2@bounds.example', dealerValues('Client Two'), client)).statusCode).toBe(
      201,
    )
    const drafts = await count('enrollment_drafts')
    const mails = await count('outbox')
    const third = await save('c3@bounds.example', dealerValues('Client Three'), client)
    expectProblem(third, 429, TOO_MANY_DRAFTS_FROM_CLIENT(2))
    expect(await count('enrollment_drafts')).toBe(drafts)
    expect(await count('outbox')).toBe(mails)
    expect((await save('c3@bounds.example', dealerValues('Client Three'))).statusCode).toBe(201)
  })

  it('two saves racing for an address’s last place: one 201 and one 409, each time', async () => {
    for (let round = 0; round < 5; round++) {
      const email = `race-${round}@bounds.example`
      expect((await save(email, dealerValues(`Race ${round} First`))).statusCode).toBe(201)
      const answers = await Promise.all([
        save(email, dealerValues(`Race ${round} A`)),
        save(email, dealerValues(`Race ${round} B`)),
      ])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
      const live = await t.database.db
        .selectFrom('enrollment_drafts')
        .select('token_hash')
        .where('email', '=', email)
        .execute()
      expect(live).toHaveLength(2)
    }
  })
})
