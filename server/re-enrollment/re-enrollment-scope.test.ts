import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import type { NotReEnrolledList } from '../../shared/re-enrollment/not-re-enrolled-schema.js'
import {
  type AdminTestApp,
  createAdminTestApp,
  type Inject,
  READONLY_CLAIMS,
  REGIONAL_MANAGER_CLAIMS,
  REGIONAL_MANAGER_REGION,
  regionId,
  signedInAs,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment, uniqueBac } from '../test-support/enrollment-fixtures.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

/** An answer's `notSent` when every selected enrollment was invited. */
const NONE_SKIPPED = { invitedRecently: 0, notListed: 0, noAddress: 0, demo: 0 }

describe.each(testDatabaseKinds())('not yet re-enrolled, for a regional manager, on %s', (kind) => {
  let t: AdminTestApp
  let year = 0
  let greatLakes = 0
  let central = 0
  let regional: Inject
  let readOnly: Inject
  const guid: Record<string, string> = {}
  const id = (name: string) => guid[name] ?? ''

  /** An approved enrollment of last year, in this region (null: none), not enrolled this year. */
  async function approvedLastYear(name: string, body: Enrollment, region: number | null) {
    const stored = await submittedEnrollment(t, { ...body, regionId: region })
    await t.database.db
      .updateTable('enrollments')
      .set({ year: year - 1, status: 'Approved', region_id: region })
      .where('guid', '=', stored.guid)
      .execute()
    await t.database.db
      .updateTable('enrollment_dealers')
      .set({ year: year - 1 })
      .where('enrollment_id', 'in', (eb) =>
        eb.selectFrom('enrollments').select('id').where('guid', '=', stored.guid),
      )
      .execute()
    guid[name] = stored.guid
  }

  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    year = t.app.config.ENROLLMENT_YEAR
    greatLakes = await regionId(t, REGIONAL_MANAGER_REGION)
    central = await regionId(t, 'Central')
    await approvedLastYear(
      'Lakeside Chevrolet',
      dealerEnrollment({ bac: uniqueBac(), name: 'Lakeside Chevrolet' }),
      greatLakes,
    )
    await approvedLastYear(
      'Lakes Dealers Association',
      lmaEnrollment(2, { name: 'Lakes Dealers Association' }),
      greatLakes,
    )
    await approvedLastYear(
      'Plains Chevrolet',
      dealerEnrollment({ bac: uniqueBac(), name: 'Plains Chevrolet' }),
      central,
    )
    await approvedLastYear(
      'Nowhere Motors',
      dealerEnrollment({ bac: uniqueBac(), name: 'Nowhere Motors' }),
      null,
    )
    regional = (await signedInAs(t, REGIONAL_MANAGER_CLAIMS)).inject
    readOnly = (await signedInAs(t, READONLY_CLAIMS)).inject
  })
  afterAll(() => t.close())

  const names = async (inject: Inject, query = '') => {
    const response = await inject({ url: `/api/re-enrollment?year=${year}${query}` })
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as NotReEnrolledList).items.map((item) => item.name).sort()
  }
  const invite = (inject: Inject, guids: string[]) =>
    inject({ method: 'POST', url: '/api/re-enrollment/invitations', payload: { guids } })
  const invitationMails = async () =>
    (
      await t.database.db
        .selectFrom('outbox')
        .select('enrollment_guid')
        .where('kind', '=', 're-enrollment-invitation')
        .execute()
    ).map((mail) => mail.enrollment_guid)

  it('lists a regional manager’s regions only, and every region to the others', async () => {
    const everyone = ['Lakes Dealers Association', 'Lakeside Chevrolet', 'Nowhere Motors']
    const all = [...everyone, 'Plains Chevrolet'].sort()
    expect(await names(t.asAdmin)).toEqual(all)
    expect(await names(readOnly)).toEqual(all)
    expect(await names(regional)).toEqual(['Lakes Dealers Association', 'Lakeside Chevrolet'])
    expect(await names(regional, `&region=${greatLakes}&type=Dealer`)).toEqual([
      'Lakeside Chevrolet',
    ])
    expect(await names(t.asAdmin, `&region=${central}`)).toEqual(['Plains Chevrolet'])
  })

  it('answers a regional manager’s filter of another region with a 400 that says so', async () => {
    const response = await regional({ url: `/api/re-enrollment?year=${year}&region=${central}` })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      detail: 'The region is not one of your regions.',
      errors: { region: ['The region is not one of your regions.'] },
    })
  })

  it('sends a regional manager’s invitations only when every one is in their regions', async () => {
    const unknown = '6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f'
    for (const [outside, detail] of [
      [
        [id('Plains Chevrolet')],
        'One selected enrollment is not in your regions; no invitation was sent.',
      ],
      [
        [id('Nowhere Motors'), unknown],
        '2 selected enrollments are not in your regions; no invitation was sent.',
      ],
    ] as const) {
      const response = await invite(regional, [id('Lakeside Chevrolet'), ...outside])
      expect(response.statusCode, detail).toBe(400)
      expect(response.json()).toMatchObject({
        detail,
        errors: {
          guids: outside.map((id) => `There is no enrollment of your regions with the id ${id}.`),
        },
      })
    }
    // Nothing was sent, not even to their own.
    expect(await invitationMails()).toEqual([])
    expect(
      await t.database.db
        .selectFrom('audit_trail')
        .select('id')
        .where('action', '=', 'invitations')
        .execute(),
    ).toEqual([])

    const mine = await invite(regional, [id('Lakeside Chevrolet')])
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json()).toEqual({
      sent: 1,
      skipped: 0,
      invited: [id('Lakeside Chevrolet')],
      notSent: NONE_SKIPPED,
    })
    // The administrator invites in every region, one without a region too.
    const theirs = [id('Plains Chevrolet'), id('Nowhere Motors')]
    const admin = await invite(t.asAdmin, theirs)
    expect(admin.json()).toEqual({ sent: 2, skipped: 0, invited: theirs, notSent: NONE_SKIPPED })
    expect((await invitationMails()).sort()).toEqual([id('Lakeside Chevrolet'), ...theirs].sort())
    // The trail names the regions the regional manager's batch was limited to.
    const entries = await t.database.db
      .selectFrom('audit_trail')
      .select(['actor', 'filters'])
      .where('action', '=', 'invitations')
      .orderBy('id')
      .execute()
    expect(
      entries.map((entry) => ({
        actor: entry.actor,
        filters: typeof entry.filters === 'string' ? JSON.parse(entry.filters) : entry.filters,
      })),
    ).toEqual([
      {
        actor: REGIONAL_MANAGER_CLAIMS.preferred_username,
        filters: { selected: 1, regions: REGIONAL_MANAGER_REGION },
      },
      { actor: 'ada.admin@contoso.example', filters: { selected: 2 } },
    ])
  })
})
