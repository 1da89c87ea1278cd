import { expect } from 'vitest'
import type { HispanicOption, KitSize } from '../../shared/domain/enrollment-choices.js'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import type { Invoice } from '../../shared/invoice/invoice.js'
import type { AdminTestApp } from './admin-test-app.js'
import { dealerEntry, lmaEnrollment } from './enrollment-fixtures.js'
import { loadByReceipt } from './submitted-enrollment.js'

export type Stored = Enrollment & { guid: string; version: number; reference: string }
export type Kit = { kitSize: KitSize; hispanic: HispanicOption }

/** An LMA enrollment whose participating dealers order these kits. */
export function lmaOrdering(name: string, kits: Kit[], email = 'billing@gscd.example'): Enrollment {
  return lmaEnrollment(
    0,
    { name, emailAddress: email },
    {
      dealers: kits.map((kit, index) => ({
        ...dealerEntry({
          name: `${name} Dealer ${index + 1}`,
          kitSize: kit.kitSize,
          hispanic: kit.hispanic,
        }),
        billing: 'Lma' as const,
        simple: true,
      })),
    },
  )
}

/** The calls the invoice tests make, each checked for its expected status. */
export function invoiceCalls(t: AdminTestApp) {
  return {
    async submit(body: Enrollment): Promise<Stored> {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/enrollments',
        payload: body,
      })
      expect(response.statusCode).toBe(201)
      return loadByReceipt(t, response.json())
    },
    async act(action: 'approve' | 're-authorize', guid: string): Promise<Stored> {
      const response = await t.asAdmin({
        method: 'POST',
        url: `/api/enrollments/${guid}/${action}`,
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    },
    async invoice(guid: string): Promise<Invoice> {
      const response = await t.asAdmin({ method: 'GET', url: `/api/invoices/${guid}` })
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    },
  }
}

/** Money on the wire in cents, to compare with hand-computed totals exactly. */
export const cents = (dollars: number): number => Math.round(dollars * 100)
