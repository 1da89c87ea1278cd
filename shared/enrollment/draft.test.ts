import { describe, expect, it } from 'vitest'
import { draftAddressOf, draftFormOf, draftPath } from './draft.js'

const lma = (emailAddress: string, authEmailAddress = 'rep@lma.example') => ({
  type: 'Lma' as const,
  lma: { emailAddress },
  dealers: [{ authEmailAddress }],
})
const dealer = (authEmailAddress: string) => ({
  type: 'Dealer' as const,
  lma: null,
  dealers: [{ authEmailAddress }],
})

describe('the address a saved form is mailed to without asking', () => {
  it("is the LMA contact's email on the LMA form, never the representative's", () => {
    expect(draftAddressOf(lma(' contact@lma.example '))).toBe('contact@lma.example')
    expect(draftAddressOf(lma('', 'rep@lma.example'))).toBe('')
  })

  it("is the authorizing person's email on the dealer form", () => {
    expect(draftAddressOf(dealer('pat@dealer.example'))).toBe('pat@dealer.example')
  })

  it('is none while the field is blank, not an address, or too long', () => {
    expect(draftAddressOf(dealer(''))).toBe('')
    expect(draftAddressOf(dealer('pat@'))).toBe('')
    expect(draftAddressOf(dealer(`${'p'.repeat(95)}@dealer.example`))).toBe('')
  })
})

describe('the draft link', () => {
  it("is the form's page of its brand with the token as ?draft=", () => {
    expect(draftPath('chevy', draftFormOf('Lma'), 'abc_-123')).toBe(
      '/chevy/enrollment/lma?draft=abc_-123',
    )
    expect(draftPath('gm', draftFormOf('Dealer'), 't')).toBe('/gm/enrollment/dealer?draft=t')
  })
})
