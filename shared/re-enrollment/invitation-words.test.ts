import { describe, expect, it } from 'vitest'
import { invitableAgain, invitationResultText } from './invitation-words.js'

const none = { invitedRecently: 0, notListed: 0, noAddress: 0, demo: 0 }

describe('the invitations in words (docs/product.md#not-yet-re-enrolled)', () => {
  it('says what was sent, and why each of the rest was not: never a bare 0', () => {
    expect(invitationResultText({ sent: 2, skipped: 0, notSent: none })).toBe(
      'Invitations sent: 2.',
    )
    expect(
      invitationResultText({ sent: 0, skipped: 1, notSent: { ...none, invitedRecently: 1 } }),
    ).toBe(
      'Invitations sent: 0. Not sent: 1 invited in the last 24 hours (one invitation a day at most).',
    )
    expect(
      invitationResultText({
        sent: 1,
        skipped: 3,
        notSent: { invitedRecently: 1, notListed: 1, noAddress: 0, demo: 1 },
      }),
    ).toBe(
      'Invitations sent: 1. Not sent: 1 invited in the last 24 hours (one invitation a day at most); 1 no longer on the list (enrolled meanwhile, or not an approved enrollment of last year); 1 demo data, which is never mailed through a mail server.',
    )
    expect(invitationResultText({ sent: 0, skipped: 0, notSent: none })).toBe(
      'Invitations sent: 0. None was selected.',
    )
  })

  it('tells when a row invited within 24 hours may be invited again', () => {
    const now = new Date('2026-11-28T12:00:00Z')
    expect(invitableAgain(null, now)).toBeNull()
    expect(invitableAgain('2026-11-28T11:55:00.000Z', now)).toEqual(
      new Date('2026-11-29T11:55:00.000Z'),
    )
    expect(invitableAgain('2026-11-27T11:59:00.000Z', now)).toBeNull()
  })
})
