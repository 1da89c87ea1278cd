import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { US_STATES } from '../../shared/domain/enrollment-choices.js'
import { repositoriesOf } from '../test-support/repositories-of.js'
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/test-database.js'
import { seedDemoData } from './seed-demo-data.js'

const BRANDS = [
  { key: 'chevy', name: 'Chevrolet' },
  { key: 'gm', name: 'GM' },
]
const PHONE = /^[2-9]\d{2}-\d{3}-\d{4}$/
const ZIP = /^\d{5}$/
const STATES = new Set<string>(US_STATES)

describe.each(testDatabaseKinds())('seedDemoData on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })

  // How long the seed takes belongs in `npm run bench` (speed is measured there, as a ratio),
  // not here: a timed assertion fails on a busy machine and proves nothing a user sees.
  it('fills an empty database, then never again', async () => {
    const result = await seedDemoData(repositoriesOf(database.db), { year: 2025, brands: BRANDS })
    expect(result).toMatchObject({ seeded: true, year: 2024, dealers: 3000 })
    // Last year's 162, and this year's returning part of them.
    expect(result.seeded && result.enrollments).toBeGreaterThan(162 + 40)

    expect(await seedDemoData(repositoriesOf(database.db), { year: 2025, brands: BRANDS })).toEqual(
      {
        seeded: false,
        reason: 'the database already has enrollments',
      },
    )
    const { count } = await database.db
      .selectFrom('dealer_directory')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow()
    expect(Number(count)).toBe(3000)
  })

  it('enrolls 150 dealers and 12 LMAs last year, over both brands', async () => {
    const rows = await database.db
      .selectFrom('enrollments')
      .select(['brand', 'type', 'status', 'year', (eb) => eb.fn.countAll<string>().as('count')])
      .where('year', '=', 2024)
      .groupBy(['brand', 'type', 'status', 'year'])
      .execute()
    const total = (filter: (row: (typeof rows)[number]) => boolean) =>
      rows.filter(filter).reduce((sum, row) => sum + Number(row.count), 0)
    expect(rows.every((row) => row.year === 2024)).toBe(true)
    expect(total((row) => row.type === 'Dealer')).toBe(150)
    expect(total((row) => row.type === 'Lma')).toBe(12)
    for (const brand of ['chevy', 'gm']) {
      expect(total((row) => row.brand === brand && row.type === 'Lma')).toBe(6)
      expect(total((row) => row.brand === brand && row.type === 'Dealer')).toBe(75)
    }
    const declined = total((row) => row.status === 'Declined')
    expect(declined).toBeGreaterThan(0)
    expect(declined).toBeLessThan(40)
    expect(total((row) => row.type === 'Lma' && row.status !== 'Approved')).toBe(0)
  })

  it('gives dealer enrollments one complete dealer row from the directory', async () => {
    const dealers = await database.db
      .selectFrom('enrollment_dealers as d')
      .innerJoin('enrollments as e', 'e.id', 'd.enrollment_id')
      .leftJoin('dealer_directory as dir', 'dir.bac', 'd.bac')
      .select([
        'e.status',
        'e.region_id',
        'e.brand as enrollmentBrand',
        'dir.name as directoryName',
      ])
      .selectAll('d')
      .where('e.type', '=', 'Dealer')
      .where('e.year', '=', 2024)
      .execute()
    expect(dealers).toHaveLength(150)
    const regionIds = new Set(
      (await database.db.selectFrom('regions').select('id').execute()).map((region) => region.id),
    )
    for (const dealer of dealers) {
      expect(dealer.position).toBe(0)
      expect(dealer.directoryName).toBe(dealer.name)
      expect(dealer.brand).toBe(dealer.enrollmentBrand)
      expect(regionIds.has(dealer.region_id ?? -1)).toBe(true)
      expect(dealer.postal).toMatch(ZIP)
      expect(STATES.has(dealer.state)).toBe(true)
      expect(dealer.auth_name).toMatch(/^\S+ \S+$/)
      expect(dealer.auth_title).not.toBe('')
      expect(dealer.auth_email_address).toMatch(/^[a-z]+\.[a-z]+@[a-z0-9]+\.example\.com$/)
      expect(dealer.auth_phone_number).toMatch(PHONE)
      if (dealer.auth_fax_number) expect(dealer.auth_fax_number).toMatch(PHONE)
      if (dealer.status === 'Declined') {
        expect([dealer.billing, dealer.kit_size, dealer.hispanic]).toEqual(['None', 'None', 'None'])
      } else {
        expect(['ImrFunds', 'OpenParts']).toContain(dealer.billing)
        expect(['Small', 'Large']).toContain(dealer.kit_size)
        expect(['Yes', 'No', 'Only']).toContain(dealer.hispanic)
      }
    }
  })

  it('gives LMA enrollments an LMA record and 4 to 15 dealers billed through it', async () => {
    const lmas = await database.db
      .selectFrom('enrollments')
      .select(['id', 'brand', 'year', 'lma', 'lma_name_key', 'region_id'])
      .where('type', '=', 'Lma')
      .where('year', '=', 2024)
      .execute()
    expect(lmas).toHaveLength(12)
    for (const { id, brand, year, lma, lma_name_key, region_id } of lmas) {
      if (!lma) throw new Error('LMA enrollment without lma')
      expect(lma_name_key).toBe(lma.name.trim().toLowerCase())
      expect(region_id).not.toBeNull()
      expect(['Turnkey', 'Custom']).toContain(lma.type)
      expect(lma.agencyName).not.toBe('')
      expect(lma.contact).not.toBe('')
      expect(lma.emailAddress).toMatch(/@[a-z0-9]+\.example\.com$/)
      expect(lma.authEmailAddress).toMatch(/@[a-z0-9]+\.example\.com$/)
      expect(lma.phoneNumber).toMatch(PHONE)
      expect(lma.authPhoneNumber).toMatch(PHONE)
      expect(lma.postal).toMatch(ZIP)
      expect(STATES.has(lma.state)).toBe(true)
      expect(lma).toMatchObject({ country: 'USA', nameChanged: false, previousName: '' })

      const dealers = await database.db
        .selectFrom('enrollment_dealers')
        .selectAll()
        .where('enrollment_id', '=', id)
        .orderBy('position')
        .execute()
      expect(dealers.length).toBeGreaterThanOrEqual(4)
      expect(dealers.length).toBeLessThanOrEqual(15)
      dealers.forEach((dealer, index) => {
        expect(dealer).toMatchObject({ position: index, brand, year, billing: 'Lma' })
        expect(dealer.bac_key).toBe(dealer.bac.trim().toUpperCase())
        expect(['Small', 'Large']).toContain(dealer.kit_size)
        expect(['Yes', 'No', 'Only']).toContain(dealer.hispanic)
      })
    }
  })

  it('uses directory BACs at most once per brand and year', async () => {
    const { rows } = await sql<{ repeats: number; missing: number }>`
      select
        (select count(*)::int from (
          select 1 from enrollment_dealers group by brand, year, bac_key having count(*) > 1
        ) as r) as repeats,
        (select count(*)::int from enrollment_dealers d
          where not exists (select 1 from dealer_directory x where x.bac = d.bac)) as missing
    `.execute(database.db)
    expect(rows).toEqual([{ repeats: 0, missing: 0 }])
    const directory = await database.db.selectFrom('dealer_directory').selectAll().execute()
    for (const row of directory) {
      expect(row.bac).toMatch(/^[1-9]\d{5}$/)
      expect(row.postal).toMatch(ZIP)
      expect(STATES.has(row.state)).toBe(true)
    }
  })
  it('issues an invoice for every approved demo LMA, numbered in its year', async () => {
    const approved = await database.db
      .selectFrom('enrollments')
      .select('guid')
      .where('type', '=', 'Lma')
      .where('status', '=', 'Approved')
      .execute()
    const invoices = await database.db
      .selectFrom('invoices')
      .select(['enrollment_guid', 'invoice_number'])
      .execute()
    expect(approved.length).toBeGreaterThan(0)
    expect(invoices.map((invoice) => invoice.enrollment_guid).sort()).toEqual(
      approved.map((row) => row.guid).sort(),
    )
    expect(invoices.map((invoice) => invoice.invoice_number).sort()[0]).toBe('2024-0001')
  })
})
