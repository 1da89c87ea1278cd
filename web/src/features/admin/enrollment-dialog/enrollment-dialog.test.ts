import type { SavedEnrollment } from '@shared/enrollment/enrollment'
import { describe, expect, it } from 'vitest'
import { dialogTitle } from './enrollment-dialog'

const declined = (erased: string | null, name = ''): SavedEnrollment => ({
  guid: '5f11a8a8-c56c-4d99-94f0-686af11e76d9',
  reference: '09F8-AD4D-A7A6',
  status: 'Declined',
  type: 'Dealer',
  brand: 'chevy',
  year: 2021,
  regionId: null,
  lma: null,
  dealers: [{ name } as SavedEnrollment['dealers'][number]],
  created: '2021-01-04T10:00:00.000Z',
  modified: '2021-02-01T10:00:00.000Z',
  version: 3,
  erased,
})

describe('the enrollment dialog’s title', () => {
  it('names an enrollment whose personal data was erased as such', () => {
    expect(dialogTitle(declined('2025-03-02T12:00:00.000Z'))).toBe(
      'Personal data erased - Declined',
    )
    expect(dialogTitle(declined(null))).toBe('No Name - Declined')
    expect(dialogTitle(declined(null, 'Valley Chevrolet'))).toBe('Valley Chevrolet - Declined')
  })
})
