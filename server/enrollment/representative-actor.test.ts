import { describe, expect, it } from 'vitest'
import { representativeActor, representativeName } from './representative-actor.js'

describe('representativeName', () => {
  it('reads back the name representativeActor wrote, whatever the name holds', () => {
    for (const authName of ['Jane Doe', 'Jane <J> Doe', 'Zoë O’Neil-Šimić', '', 'A <b@c>']) {
      const actor = representativeActor({ authName, authEmailAddress: 'jane@lma.example' })
      expect(representativeName(actor)).toBe(authName)
    }
  })
})
