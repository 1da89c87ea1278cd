import { describe, expect, it } from 'vitest'
import { DEALER_FIELDS, emptyStoredDealerEntry, toLmaRowEntry } from './dealer-entry-fields.js'
import { validDealerEntry } from './test-support/fixtures.js'

describe('the dealer entry description', () => {
  it('names every stored field once, in the export’s order', () => {
    expect(DEALER_FIELDS).toEqual(Object.keys(emptyStoredDealerEntry()))
    expect(DEALER_FIELDS[0]).toBe('bac')
    expect(DEALER_FIELDS).not.toContain('simple')
  })

  it('an LMA row keeps what the LMA table shows and blanks the rest, billed through the LMA', () => {
    const { simple: _simple, ...entry } = validDealerEntry({
      country: 'Canada',
      authFaxNumber: '217-555-9999',
    })
    expect(toLmaRowEntry(entry)).toEqual({
      ...emptyStoredDealerEntry(),
      bac: '123456',
      name: 'Main Street Chevrolet',
      country: 'Canada',
      kitSize: 'Large',
      hispanic: 'No',
      billing: 'Lma',
    })
  })
})
