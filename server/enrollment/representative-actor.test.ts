import { describe, expect, it } from 'vitest'
import {
  erasedActor,
  representativeActor,
  representativeName,
  submitterActor,
} from './representative-actor.js'

describe('representativeName', () => {
  it('reads back the name representativeActor wrote, whatever the name holds', () => {
    for (const authName of ['Jane Doe', 'Jane <J> Doe', 'Zoë O’Neil-Šimić', '', 'A <b@c>']) {
      const actor = representativeActor({ authName, authEmailAddress: 'jane@lma.example' })
      expect(representativeName(actor)).toBe(authName)
    }
  })
})

describe('erasedActor', () => {
  it('leaves the form or the representative without the person, and anyone else as written', () => {
    const lma = { contact: 'Casey Contact', emailAddress: 'casey@lma.example' }
    expect(erasedActor(submitterActor({ type: 'Lma', lma: lma as never, dealers: [] }))).toBe(
      'LMA form',
    )
    expect(
      erasedActor(
        submitterActor({
          type: 'Dealer',
          lma: null,
          dealers: [{ authName: 'Dee Dealer', authEmailAddress: 'dee@dealer.example' } as never],
        }),
      ),
    ).toBe('Dealer form')
    expect(
      erasedActor(representativeActor({ authName: 'Jane', authEmailAddress: 'jane@lma.example' })),
    ).toBe('Authorized representative')
    expect(erasedActor('ada.admin@contoso.example')).toBe('ada.admin@contoso.example')
    expect(erasedActor('the reminder schedule')).toBe('the reminder schedule')
  })
})
