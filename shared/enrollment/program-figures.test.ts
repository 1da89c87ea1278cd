import { describe, expect, it } from 'vitest'
import { ENROLLMENT_STATUSES } from '../domain/enrollment-choices.js'
import { coveredDealers, orderedKits, ordersKits } from './program-figures.js'

describe('what the program counts', () => {
  const row = { kitSize: 'Large', hispanic: 'Yes', billing: 'ImrFunds' } as const

  it('a kit is one kit shipped: the add-on kit counts one more', () => {
    expect(orderedKits('Approved', row)).toBe(2)
    expect(orderedKits('Approved', { ...row, hispanic: 'Only' })).toBe(1)
    expect(orderedKits('Approved', { ...row, billing: 'None' })).toBe(0)
  })

  it('every status orders kits and covers its dealers but Declined', () => {
    for (const status of ENROLLMENT_STATUSES) {
      const orders = status !== 'Declined'
      expect(ordersKits(status), status).toBe(orders)
      expect(orderedKits(status, row), status).toBe(orders ? 2 : 0)
      expect(coveredDealers(status, 7), status).toBe(orders ? 7 : 0)
    }
    expect(ordersKits('Deleted')).toBe(false)
  })
})
