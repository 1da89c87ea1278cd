import { describe, expect, it } from 'vitest'
import { AUDIT_ACTIONS } from './audit-schema.js'
import { AUDIT_ACTION_WORDS, auditFiltersText } from './audit-words.js'

describe('the audit trail in words', () => {
  it('names each filter by its label, in the order the request gave them', () => {
    expect(auditFiltersText({ year: 2026, status: 'Approved', sort: '-submitted' })).toBe(
      'Year: 2026, Status: Approved, Sort: Created, newest first',
    )
    expect(auditFiltersText({ selected: 3, reason: true, shareReason: false })).toBe(
      'Selected: 3, With a reason: yes, Reason shown to the enrollee: no',
    )
  })

  it('says a sort in words, as the list’s Sort by does, and a date as every screen writes one', () => {
    expect(auditFiltersText({ sort: '-updated' })).toBe('Sort: Updated, newest first')
    expect(auditFiltersText({ sort: 'dealerName' })).toBe('Sort: Name, A to Z')
    expect(auditFiltersText({ sort: '-kits' })).toBe('Sort: Kits, most first')
    expect(auditFiltersText({ invoiceNumber: '2026-0007', paid: true, paidOn: '2026-11-28' })).toBe(
      'Invoice number: 2026-0007, Paid: yes, Paid on: Nov 28, 2026',
    )
  })

  it('names a retention run’s cutoff and years kept', () => {
    expect(auditFiltersText({ erasedBefore: 2022, retentionYears: 3 })).toBe(
      'Program years before: 2022, Years kept: 3',
    )
  })

  it('names the regions a regional manager’s request was limited to, or none that matched', () => {
    expect(auditFiltersText({ year: 2026, regions: 'Great Lakes, Central' })).toBe(
      'Year: 2026, Limited to regions: Great Lakes, Central',
    )
    expect(auditFiltersText({ regions: null })).toBe('Limited to regions: none')
  })

  it('says None when the request named no filter, and leaves empty ones out', () => {
    expect(auditFiltersText({})).toBe('None')
    expect(auditFiltersText({ search: '' })).toBe('None')
  })

  it('has words for every action, each different', () => {
    const words = AUDIT_ACTIONS.map((action) => AUDIT_ACTION_WORDS[action])
    expect(new Set(words).size).toBe(AUDIT_ACTIONS.length)
  })
})
