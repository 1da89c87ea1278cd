import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dealerEnrollment, lmaEnrollment, uniqueBac } from '../test-support/enrollment-fixtures.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'

describe.each(testDatabaseKinds())('POST /api/enrollments on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'https://pos.example.com' })
  })
  afterAll(() => t.close())

  const post = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body as object })
  const countEnrollments = async () =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from enrollments`.execute(t.database.db))
        .rows[0]?.n,
    )

  it('stores a dealer enrollment as Approving and answers 201 with its receipt', async () => {
    const body = dealerEnrollment({}, { status: 'Approved', guid: 'client-made-up' })
    const response = await post(body)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      status: 'Approving',
      type: 'Dealer',
      brand: 'chevy',
      year: 2025,
    })
    const stored = await loadByReceipt(t, response.json())
    expect(stored.status).toBe('Approving')
    expect(stored.reference).toBe(response.json().reference)
    expect(stored.guid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(stored.dealers[0]).toMatchObject({
      bac: body.dealers[0]?.bac,
      kitSize: 'Large',
      billing: 'ImrFunds',
    })
    const loaded = await t.app.inject(`/api/enrollments/${stored.guid}`)
    expect(loaded.statusCode).toBe(200)
    expect(loaded.json()).toMatchObject({
      guid: stored.guid,
      type: 'Dealer',
      brand: 'chevy',
      year: 2025,
    })
    expect(new Date(loaded.json().created).toISOString()).toBe(loaded.json().created)
  })

  it('a dealer declining billing is stored as Declined', async () => {
    const response = await post(
      dealerEnrollment({ billing: 'None', kitSize: 'None', hispanic: 'None' }),
    )
    expect(response.statusCode).toBe(201)
    expect(response.json().status).toBe('Declined')
  })

  it('the same BAC again, in any case or spacing, is a 409', async () => {
    const bac = `A${uniqueBac()}`
    expect((await post(dealerEnrollment({ bac }))).statusCode).toBe(201)
    const again = await post(
      dealerEnrollment({ bac: ` ${bac.toLowerCase()} `, name: 'Another name' }),
    )
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      status: 409,
      detail: 'An enrollment for this dealer has already been received.',
    })
  })

  it('the same BAC disguised by invisible or full-width characters is the same dealer', async () => {
    const bac = uniqueBac()
    expect((await post(dealerEnrollment({ bac }))).statusCode).toBe(201)
    const fullWidth = bac.replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit)))
    for (const disguised of [
      `${bac.slice(0, 2)}\u200B${bac.slice(2)}`,
      fullWidth,
      `\u00AD${bac}`,
    ]) {
      const again = await post(dealerEnrollment({ bac: disguised, name: 'Disguised Chevrolet' }))
      expect(again.statusCode).toBe(409)
    }
  })

  it('a country longer than 100 characters is a field error, on the dealer and the LMA', async () => {
    const long = 'U'.repeat(101)
    const dealer = await post(dealerEnrollment({ country: long }))
    expect(dealer.statusCode).toBe(400)
    expect(dealer.json().errors).toEqual({ 'dealers[0].country': ['Must be <= 100 characters.'] })
    const lma = await post(lmaEnrollment(1, { name: 'Far Country Dealers', country: long }))
    expect(lma.statusCode).toBe(400)
    expect(lma.json().errors).toEqual({ 'lma.country': ['Must be <= 100 characters.'] })
  })

  it('a BAC with other characters than letters, digits and hyphens is a field error', async () => {
    const response = await post(dealerEnrollment({ bac: '1234<5>' }))
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      'dealers[0].bac': ['BAC may contain only letters, digits and hyphens.'],
    })
  })

  it('an LMA name disguised by look-alike letters or invisible characters is a 409', async () => {
    expect((await post(lmaEnrollment(1, { name: 'Coastal Plains Dealers' }))).statusCode).toBe(201)
    for (const disguised of [
      'Cоastal Plains Dealers', // Cyrillic о
      'Coastal Pla\u200Bins Dealers',
      'Ｃｏａｓｔａｌ Plains Dealers',
      'Coastal Pláins Dealers',
    ]) {
      const again = await post(lmaEnrollment(1, { name: disguised }))
      expect(again.statusCode).toBe(409)
    }
  })

  it('an LMA name padded with blank or ignorable characters, or with a dotless ı, is a 409', async () => {
    const name = 'Prairie Wind Chevy Dealers'
    expect((await post(lmaEnrollment(1, { name }))).statusCode).toBe(201)
    const before = await countEnrollments()
    for (const disguised of [
      `${name}\u17B4`,
      `Prairie Wind\u17B5 Chevy Dealers`,
      `\u115F${name}`,
      'Prairie\u3164Wind Chevy Dealers',
      `${name}\uFFA0`,
      `\u2800Prairie Wind Chevy\u2800\u2800Dealers`,
      'Praırıe Wınd Chevy Dealers',
    ]) {
      const again = await post(lmaEnrollment(1, { name: disguised }))
      expect(again.statusCode, JSON.stringify(disguised)).toBe(409)
      expect(again.json().detail).toBe('An enrollment for this LMA has already been received.')
    }
    expect(await countEnrollments()).toBe(before)
  })

  it('a BAC padded with ignorable or blank characters is the same dealer', async () => {
    const bac = uniqueBac()
    expect((await post(dealerEnrollment({ bac }))).statusCode).toBe(201)
    for (const disguised of [
      `${bac}\u17B4`,
      `\u3164${bac}`,
      `${bac.slice(0, 2)}\u034F${bac.slice(2)}`,
    ]) {
      const again = await post(dealerEnrollment({ bac: disguised, name: 'Disguised Chevrolet' }))
      expect(again.statusCode, JSON.stringify(disguised)).toBe(409)
      expect(again.json().detail).toBe('An enrollment for this dealer has already been received.')
    }
  })

  it('a BAC listed by an LMA cannot enroll again through the dealer form', async () => {
    const lma = lmaEnrollment(2, { name: 'Lakeshore Dealers Association' })
    expect((await post(lma)).statusCode).toBe(201)
    const response = await post(dealerEnrollment({ bac: lma.dealers[1]?.bac }))
    expect(response.statusCode).toBe(409)
  })

  it('the same BAC may enroll for another brand', async () => {
    const bac = uniqueBac()
    expect((await post(dealerEnrollment({ bac }))).statusCode).toBe(201)
    expect((await post(dealerEnrollment({ bac }, { brand: 'gm' }))).statusCode).toBe(201)
  })

  it('stores an LMA enrollment as Authorizing and mails the authorization request', async () => {
    const body = lmaEnrollment(6, {
      name: 'Capital Region <Chevy> Dealers',
      authEmailAddress: 'rep@capital.example',
    })
    const response = await post(body)
    expect(response.statusCode).toBe(201)
    expect(response.json().status).toBe('Authorizing')
    const stored = await loadByReceipt(t, response.json())
    expect(stored.status).toBe('Authorizing')
    expect(stored.dealers).toHaveLength(6)
    expect(stored.dealers.every((dealer: { billing: string }) => dealer.billing === 'Lma')).toBe(
      true,
    )
    const mail = await waitFor(() =>
      t.app.mail.devMailbox?.messages().find((m) => m.to.includes('rep@capital.example')),
    )
    const link = `https://pos.example.com/chevy/enrollment/lma?auth=${stored.guid}`
    expect(mail.subject).toContain('Chevrolet')
    expect(mail.subject).toContain(stored.reference)
    expect(mail.text).toContain(link)
    expect(mail.html).toContain(`href="${link.replace('?', '?')}"`)
    // The request a public submission causes names no text the submitter typed (the address may
    // be anyone's): the reference and the program's words; the link shows the rest.
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('Capital Region')
      expect(part).not.toContain(body.lma?.contact ?? 'contact')
      expect(part).not.toContain(body.lma?.agencyName ?? 'agency')
    }
  })

  it('mails the submitter a receipt with the reference and without the authorization link', async () => {
    const dealerBody = dealerEnrollment({ authEmailAddress: 'owner@receipt-dealer.example' })
    const dealer = await loadByReceipt(t, (await post(dealerBody)).json())
    const dealerMail = await waitFor(() =>
      t.app.mail.devMailbox?.messages().find((m) => m.to.includes('owner@receipt-dealer.example')),
    )
    expect(dealerMail.subject).toContain(`reference ${dealer.reference}`)
    expect(dealerMail.text).toContain(`Reference: ${dealer.reference}`)
    expect(dealerMail.text).toContain('sends a confirmation email once it has been accepted')
    expect(dealerMail.text).not.toContain(dealer.guid)

    const lmaBody = lmaEnrollment(2, {
      name: 'Receipt Valley Dealers',
      emailAddress: 'office@receipt-lma.example',
      authEmailAddress: 'rep@receipt-lma.example',
    })
    const lma = await loadByReceipt(t, (await post(lmaBody)).json())
    const receipt = await waitFor(() =>
      t.app.mail.devMailbox?.messages().find((m) => m.to.includes('office@receipt-lma.example')),
    )
    expect(receipt.text).toContain(`Reference: ${lma.reference}`)
    // The address is the submitter's to name: the receipt carries none of the text they typed.
    expect(receipt.text).not.toContain('Receipt Valley Dealers')
    expect(receipt.subject).not.toContain('Receipt Valley Dealers')
    expect(receipt.text).toContain('has been sent an email asking for final approval')
    // The link that authorizes goes only to the representative.
    expect(receipt.text).not.toContain(lma.guid)
    expect(receipt.html).not.toContain(lma.guid)
    expect(receipt.html).not.toContain('auth=')
  })

  it('an LMA name already enrolled (trimmed, any case) is a 409', async () => {
    expect((await post(lmaEnrollment(1, { name: 'Twin Rivers LMA' }))).statusCode).toBe(201)
    const again = await post(lmaEnrollment(1, { name: '  twin rivers lma ' }))
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toBe('An enrollment for this LMA has already been received.')
  })

  it('an LMA listing a BAC enrolled elsewhere gets a field error on that row', async () => {
    const dealer = dealerEnrollment()
    expect((await post(dealer)).statusCode).toBe(201)
    const lma = lmaEnrollment(3, { name: 'Mesa Valley Dealers' })
    const second = lma.dealers[1]
    if (second) second.bac = dealer.dealers[0]?.bac ?? ''
    const before = await countEnrollments()
    const response = await post(lma)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      'dealers[1].bac': ['This dealer is already enrolled for 2025.'],
    })
    expect(await countEnrollments()).toBe(before)
  })

  it('answers a failed validation with 400 and the errors map, storing nothing', async () => {
    const before = await countEnrollments()
    const response = await post(
      dealerEnrollment({ bac: '', postal: '123', authEmailAddress: 'nope' }),
    )
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body).toMatchObject({ status: 400, title: 'Bad Request' })
    expect(body.errors['dealers[0].bac']).toEqual(['BAC is required.'])
    expect(body.errors['dealers[0].postal']).toEqual(['Zip code is not valid.'])
    expect(body.errors['dealers[0].authEmailAddress']).toEqual(['Email is not valid.'])
    expect(await countEnrollments()).toBe(before)
  })

  it.each([
    ['an unknown brand', { brand: 'ford' }, 'brand'],
    ['another year', { year: 2024 }, 'year'],
    ['an unknown region', { regionId: 9999 }, 'regionId'],
  ])('refuses %s with a 400', async (_label, change, field) => {
    const response = await post({ ...dealerEnrollment(), ...change })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().errors)).toContain(field)
  })

  it.each([
    ['a JSON array', '[]'],
    ['a JSON string', '"hello"'],
    ['null', 'null'],
    ['broken JSON', '{"type":'],
  ])('refuses %s as the body with a 400', async (_label, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/enrollments',
      headers: { 'content-type': 'application/json' },
      payload,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().status).toBe(400)
  })

  it('refuses an oversized body with a 413', async () => {
    const body = dealerEnrollment({ name: 'x'.repeat(300_000) })
    const response = await post(body)
    expect(response.statusCode).toBe(413)
    expect(response.json().detail).toBe('The request body is too large.')
  })

  it('two identical dealer submissions racing: exactly one 201 and one 409', async () => {
    const body = dealerEnrollment()
    const answers = await Promise.all([post(body), post(body)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
    const stored = await sql<{
      n: string
    }>`select count(*) as n from enrollment_dealers where bac = ${body.dealers[0]?.bac ?? ''}`.execute(
      t.database.db,
    )
    expect(Number(stored.rows[0]?.n)).toBe(1)
  })

  it('two identical LMA submissions racing: exactly one 201 and one 409', async () => {
    const body = lmaEnrollment(4, { name: 'Race Condition Dealers' })
    const answers = await Promise.all([post(body), post(body)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
  })

  it('records the submission in the history', async () => {
    const response = await post(
      dealerEnrollment({ authName: 'Jordan Owner', authEmailAddress: 'jordan@x.example' }),
    )
    const history = await t.database.db
      .selectFrom('enrollment_history')
      .selectAll()
      .where('enrollment_guid', '=', (await loadByReceipt(t, response.json())).guid)
      .execute()
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({ action: 'submitted', status_after: 'Approving' })
    expect(history[0]?.actor).toContain('jordan@x.example')
  })
})

describe.each(testDatabaseKinds())('GET /api/enrollments/{guid} on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  it('a malformed id is a 400, an unknown one a 404', async () => {
    const malformed = await t.app.inject('/api/enrollments/not-a-guid')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().errors).toEqual({ guid: ['The enrollment id is not valid.'] })
    const unknown = await t.app.inject('/api/enrollments/6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().detail).toBe('There is no enrollment with this id.')
  })
})
