import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
  FULFILLMENT_CLAIMS,
  READONLY_CLAIMS,
  REGIONAL_MANAGER_CLAIMS,
  VIEWER_CLAIMS,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import {
  markdownSection,
  markdownTables,
  repositoryDocument,
} from '../test-support/markdown-tables.js'
import {
  expectations,
  type Fixtures,
  json,
  outcome,
  REQUESTS,
  type RouteRequest,
  type ShippingTarget,
  SUBJECTS,
  type Subject,
  type Target,
  whoWords,
} from '../test-support/role-table-requests.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

/**
 * Issue 28, item 3: every route of the OpenAPI document, called as each role and as nobody,
 * against this table (docs/product.md#users). A route the document names and the table does not
 * fails the test, so a new route must say who may call it.
 *
 * The columns, in order: anonymous (no token); a signed-in user with no role; an administrator;
 * a read-only user; a regional manager of Great Lakes naming an enrollment of Great Lakes; the
 * same manager naming one of California; the same manager naming one without a region (a route
 * that names no enrollment is called the same way in these three columns); the print vendor.
 *
 * A cell is a status, or `ok`: answered by the route (2xx, or 409 when the enrollment's state
 * refuses the action: the role and the region were let through). A row `public` means the route
 * ignores sign-in: every caller gets the same answer, never 401 or 403.
 */
const TABLE: Record<string, string> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /metrics': 'public',
  'GET /api/config': 'public',
  'GET /api/regions': 'public',
  'POST /api/enrollments': 'public',
  'GET /api/enrollments/autocomplete/bac': 'public',
  'GET /api/enrollments/autocomplete/lma-name': 'public',
  // The authorization link's read, and the admin dialog's: a staff token's scope applies.
  'GET /api/enrollments/{guid}':
    '                  ok   ok     ok    ok       ok       404     404   ok',
  'POST /api/enrollments/{guid}/authorize': 'public',
  'POST /api/drafts': 'public',
  'PUT /api/drafts': 'public',
  'GET /api/drafts': 'public',
  'GET /api/status/{token}': 'public',
  'GET /api/status/{token}/invoice': 'public',
  'GET /api/status/{token}/invoice/pdf': 'public',
  'POST /api/status/lost-links': 'public',
  //                                                  anon noRole admin readOnly regional another none vendor
  'GET /api/session':
    '                                401  ok     ok    ok       ok       ok      ok   ok',
  'GET /api/enrollments':
    '                            401  403    ok    ok       ok       ok      ok  403',
  'GET /api/enrollments/changes':
    '                    401  403    ok    ok       ok       ok      ok  403',
  'GET /api/enrollments/{guid}/history':
    '             401  403    ok    ok       ok       404     404  403',
  'POST /api/enrollments/{guid}/update':
    '             401  403    ok    403      ok       404     404  403',
  'POST /api/enrollments/{guid}/approve':
    '            401  403    ok    403      ok       404     404  403',
  'POST /api/enrollments/{guid}/re-authorize':
    '       401  403    ok    403      ok       404     404  403',
  'POST /api/enrollments/{guid}/decline':
    '            401  403    ok    403      ok       404     404  403',
  'POST /api/enrollments/{guid}/delete':
    '             401  403    ok    403      403      403     403  403',
  'POST /api/enrollments/bulk/{action}':
    '             401  403    ok    403      ok       400     400  403',
  'GET /api/enrollments/{guid}/notes':
    '               401  403    ok    ok       ok       404     404  403',
  'POST /api/enrollments/{guid}/notes':
    '              401  403    ok    403      ok       404     404  403',
  'GET /api/enrollments/{guid}/mails':
    '               401  403    ok    ok       ok       404     404  403',
  'POST /api/enrollments/{guid}/mails/{mailId}/send-again':
    '401 403 ok  403      ok       404     404  403',
  'GET /api/enrollments/{guid}/payment':
    '             401  403    ok    ok       ok       404     404  403',
  'POST /api/enrollments/{guid}/payment':
    '            401  403    ok    403      ok       404     404  403',
  'POST /api/enrollments/{guid}/payment/clear':
    '      401  403    ok    403      ok       404     404  403',
  'GET /api/invoices/{guid}':
    '                        401  403    ok    ok       ok       404     404  403',
  'GET /api/invoices/{guid}/pdf':
    '                    401  403    ok    ok       ok       404     404  403',
  'GET /api/enrollments/{guid}/authorization':
    '       401  403    ok    ok       ok       404     404  403',
  'POST /api/enrollments/{guid}/status-link/reissue':
    '401  403    ok    403      ok       404     404  403',
  'POST /api/reports/export':
    '                        401  403    ok    ok       ok       ok      ok  403',
  'POST /api/reports/enrollment-list':
    '               401  403    ok    ok       ok       ok      ok  403',
  'POST /api/reports/invoices/{year}':
    '               401  403    ok    ok       ok       ok      ok  403',
  'POST /api/reports/not-re-enrolled':
    '               401  403    ok    ok       ok       ok      ok  403',
  'POST /api/reports/audit/{year}':
    '                  401  403    ok    ok       403      403     403  403',
  'GET /api/dashboard':
    '                              401  403    ok    ok       ok       ok      ok  403',
  'GET /api/re-enrollment':
    '                          401  403    ok    ok       ok       ok      ok  403',
  'POST /api/re-enrollment/invitations':
    '             401  403    ok    403      ok       400     400  403',
  'POST /api/rollover':
    '                              401  403    ok    403      403      403     403  403',
  'GET /api/audit':
    '                                  401  403    ok    ok       403      403     403  403',
  // Shipping (docs/product.md#shipping): the vendor reads released events, their releases and
  // files, and uploads tracking; the rest of the office's routes answer it 403.
  'GET /api/shipping/events':
    '                      401  403    ok    ok       ok       ok      ok     ok',
  'POST /api/shipping/events':
    '                     401  403    ok    403      403      403     403    403',
  'PUT /api/shipping/events/{guid}':
    '               401  403    ok    403      403      403     403    403',
  'DELETE /api/shipping/events/{guid}':
    '            401  403    ok    403      403      403     403    403',
  'GET /api/shipping/events/{guid}/manifest':
    '      401  403    ok    ok       ok       ok      ok     403',
  'POST /api/shipping/events/{guid}/releases':
    '     401  403    ok    403      403      403     403    403',
  'GET /api/shipping/events/{guid}/releases':
    '      401  403    ok    ok       ok       ok      ok     ok',
  'GET /api/shipping/events/{guid}/releases/{number}':
    '401 403 ok  ok       ok       ok      ok     ok',
  'GET /api/shipping/events/{guid}/releases/{number}/file':
    '401 403 ok ok    ok       ok      ok     ok',
  'POST /api/shipping/tracking':
    '                   401  403    ok    403      403      403     403    ok',
  'GET /api/enrollments/{guid}/shipments':
    '           401  403    ok    ok       ok       404     404    403',
  'PUT /api/shipments/{id}':
    '                       401  403    ok    403      403      403     403    403',
  'PUT /api/enrollments/{guid}/ship-to/{bac}':
    '       401  403    ok    403      ok       404     404    403',
}

it("agrees with the who of docs/product.md's API table for every signed-in route", () => {
  const api = markdownSection(repositoryDocument('docs/product.md'), '## API')
  const table = markdownTables(api).find((each) => each.header[0] === 'method')
  const unquote = (cell: string | undefined) => (cell ?? '').replaceAll('`', '').trim()
  const documented = new Map(
    (table?.rows ?? []).map((cells) => [
      `${unquote(cells[0])} ${unquote(cells[1])}`,
      unquote(cells[2]),
    ]),
  )
  const disagreements = Object.entries(TABLE).flatMap(([route, row]) => {
    const words = whoWords(row)
    return words === undefined || documented.get(route) === words
      ? []
      : [`${route}: the table says '${documented.get(route)}', the answers '${words}'`]
  })
  expect(disagreements).toEqual([])
})

describe.each(testDatabaseKinds())('who may call each route, on %s', (kind) => {
  let t: AdminTestApp
  let operations: string[]
  const tokens = new Map<Subject, string | undefined>()
  let regions: Record<'theirs' | 'another', number>
  /** Approved enrollments that the routes which change nothing name. */
  let shared: Fixtures
  let shipping: ShippingTarget

  beforeAll(async () => {
    t = await createAdminTestApp(kind, {}, { mail: { worker: false } })
    const document = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>
    }
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    )
    const sign = (claims: Record<string, unknown>) => t.idp.sign(claims, { expiresIn: 3600 })
    const regional = await sign(REGIONAL_MANAGER_CLAIMS)
    tokens.set('anonymous', undefined)
    tokens.set('no role', await sign(VIEWER_CLAIMS))
    tokens.set('administrator', await sign(ADMIN_CLAIMS))
    tokens.set('read-only', await sign(READONLY_CLAIMS))
    tokens.set('vendor', await sign(FULFILLMENT_CLAIMS))
    for (const subject of SUBJECTS.filter((each) => each.startsWith('regional'))) {
      tokens.set(subject, regional)
    }
    const all = await t.database.db.selectFrom('regions').select(['id', 'name']).execute()
    const id = (name: string) => all.find((region) => region.name === name)?.id ?? 0
    regions = { theirs: id('Great Lakes'), another: id('California') }
    shipping = await shippingFixtures()
    shared = await fixtures(false)
  }, 60_000)
  afterAll(() => t.close())

  let created = 0
  /** An LMA enrollment of the region, Authorizing or approved by an administrator. */
  async function enrollment(regionId: number | null, authorizing: boolean): Promise<Target> {
    created += 1
    const stored = await submittedEnrollment(
      t,
      lmaEnrollment(2, { name: `Role Table LMA ${created}` }),
    )
    await t.database.db
      .updateTable('enrollments')
      .set({ region_id: regionId })
      .where('guid', '=', stored.guid)
      .execute()
    if (!authorizing) {
      const approved = await t.asAdmin(json(`/api/enrollments/${stored.guid}/approve`))
      expect(approved.statusCode).toBe(200)
    }
    const mails = await t.asAdmin({ url: `/api/enrollments/${stored.guid}/mails` })
    const payment = await t.asAdmin({ url: `/api/enrollments/${stored.guid}/payment` })
    return {
      guid: stored.guid,
      bac: stored.dealers[0]?.bac ?? '',
      shipping,
      mailId: (mails.json() as Array<{ id: string }>)[0]?.id ?? '1',
      invoiceDate: authorizing ? '' : (payment.json() as { invoiceDate: string }).invoiceDate,
    }
  }

  /**
   * Three events of chevy 2025: one released (an approved dealer on it, shipped), one to rename,
   * one to remove.
   */
  async function shippingFixtures(): Promise<ShippingTarget> {
    const event = async (name: string) => {
      const response = await t.asAdmin({
        method: 'POST',
        url: '/api/shipping/events?brand=chevy&year=2025',
        payload: { name, shipBy: '2025-03-01', inStoreFrom: '2025-03-15', inStoreTo: '2025-04-15' },
      })
      expect(response.statusCode, response.body).toBe(201)
      return response.json() as { guid: string; code: string; version: number }
    }
    const released = await event('Role Table Released Event')
    const open = await event('Role Table Open Event')
    const removable = await event('Role Table Removable Event')
    const dealer = await submittedEnrollment(t, dealerEnrollment())
    const approved = await t.asAdmin(json(`/api/enrollments/${dealer.guid}/approve`))
    expect(approved.statusCode, approved.body).toBe(200)
    const release = await t.asAdmin(
      json(`/api/shipping/events/${released.guid}/releases`, { after: 0 }),
    )
    expect(release.statusCode, release.body).toBe(201)
    const bac = dealer.dealers[0]?.bac ?? ''
    const shipment = {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      shippedOn: '2025-02-25',
    }
    const { id: eventId } = await t.database.db
      .selectFrom('sales_events')
      .select('id')
      .where('guid', '=', released.guid)
      .executeTakeFirstOrThrow()
    const { id } = await t.database.db
      .insertInto('shipments')
      .values({
        event_id: eventId,
        bac,
        bac_key: bac.toUpperCase(),
        tracking_number: shipment.trackingNumber,
        carrier: shipment.carrier,
        shipped_on: shipment.shippedOn,
        enrollment_guid: dealer.guid,
        region_id: null,
        recorded_by: 'role table',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return {
      released: released.guid,
      open: { guid: open.guid, version: open.version },
      removable: removable.guid,
      shipment: { id: String(id), ...shipment },
      trackingCsv: `BAC,Event Code,Carrier,Tracking Number,Shipped Date\r\n${bac},${released.code},${shipment.carrier},${shipment.trackingNumber},${shipment.shippedOn}\r\n`,
    }
  }

  async function fixtures(authorizing: boolean): Promise<Fixtures> {
    return {
      theirs: await enrollment(regions.theirs, authorizing),
      another: await enrollment(regions.another, authorizing),
      none: await enrollment(null, authorizing),
    }
  }

  function targetOf(subject: Subject, enrollments: Fixtures): Target {
    if (subject === 'regional, another region') return enrollments.another
    if (subject === 'regional, no region') return enrollments.none
    return enrollments.theirs
  }

  async function call(
    route: RouteRequest,
    subject: Subject,
    target: Target,
  ): Promise<LightMyRequestResponse> {
    const token = tokens.get(subject)
    const options = route.build(target)
    if (route.form) {
      return t.app.inject({
        method: 'POST',
        url: options.url as string,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(token ? { bearer_token: token } : {}).toString(),
      })
    }
    let payload = options.payload
    if (payload && typeof payload === 'object' && '_edit' in payload) {
      // Save Changes sends the enrollment as the dialog shows it, in the manager's region.
      const shown = (await t.app.inject(`/api/enrollments/${target.guid}`)).json()
      payload = { ...shown, regionId: regions.theirs }
    }
    return t.app.inject({
      ...options,
      payload,
      headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    })
  }

  it('has a row and a request for every route of the OpenAPI document, and no other', () => {
    expect([...operations].sort()).toEqual(Object.keys(TABLE).sort())
    expect(Object.keys(REQUESTS).sort()).toEqual(Object.keys(TABLE).sort())
  })

  it('answers each role as the table says', async () => {
    const mismatches: string[] = []
    for (const operation of operations) {
      const row = TABLE[operation]
      const route = REQUESTS[operation]
      if (!row || !route) continue
      const expected = expectations(row)
      let enrollments =
        route.authorizing || route.changes ? await fixtures(route.authorizing ?? false) : shared
      const seen = new Set<string>()
      for (const subject of SUBJECTS) {
        const response = await call(route, subject, targetOf(subject, enrollments))
        const got = outcome(response)
        if (expected === 'public') {
          seen.add(String(response.statusCode))
          if (got === '401' || got === '403') mismatches.push(`${operation} as ${subject}: ${got}`)
        } else if (got !== expected[subject]) {
          mismatches.push(
            `${operation} as ${subject}: ${response.statusCode} (expected ${expected[subject]}) ${response.body.slice(0, 120)}`,
          )
        }
        // A change that went through leaves the next caller new enrollments to change.
        if (route.changes && response.statusCode < 300) {
          enrollments = await fixtures(route.authorizing ?? false)
        }
      }
      if (expected === 'public' && seen.size !== 1) {
        mismatches.push(`${operation} answers callers differently: ${[...seen].join(', ')}`)
      }
    }
    expect(mismatches).toEqual([])
  }, 300_000)
})
