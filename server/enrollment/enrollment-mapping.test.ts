import { describe, expect, it } from 'vitest'
import { DEALER_ENTRY_FIELDS, DEALER_FIELDS } from '../../shared/enrollment/dealer-entry-fields.js'
import { emptyDealerEntry } from '../../shared/enrollment/empty-enrollment.js'
import { dealerEntry } from '../test-support/enrollment-fixtures.js'
import { type DealerRow, toDealerEntry, toDealerRow } from './enrollment-mapping.js'

const enrollment = { id: '7', brand: 'chevy', year: 2025 }

describe('a dealer entry and its row', () => {
  it('every field reaches its own column and comes back unchanged', () => {
    const entry = dealerEntry({ bac: 'ab-12', authFaxNumber: '217-555-0101', billing: 'OpenParts' })
    const row = toDealerRow(enrollment, entry, 3)
    for (const field of DEALER_FIELDS) {
      expect(row[DEALER_ENTRY_FIELDS[field].column]).toBe(entry[field])
    }
    expect(row).toMatchObject({ enrollment_id: '7', position: 3, brand: 'chevy', year: 2025 })
    expect(row.bac_key).toBe('AB-12')
    expect(toDealerEntry({ ...row, id: '1' } as DealerRow)).toEqual(entry)
  })

  it('a blank choice is stored as None, a blank country as USA, text trimmed', () => {
    const row = toDealerRow(
      enrollment,
      emptyDealerEntry({ bac: ' 100 ', name: ' Trimmed ', country: '' }),
      0,
    )
    expect(row).toMatchObject({
      bac: '100',
      name: 'Trimmed',
      country: 'USA',
      kit_size: 'None',
      hispanic: 'None',
      billing: 'None',
      auth_name: '',
    })
  })
})
