import { describe, expect, it } from 'vitest'
import { REASON_SHOWN_FIELD, YEARLY_COST_FIELD } from './history-changes.js'
import {
  erasedDealerValues,
  erasedHistoryChange,
  erasedLmaValues,
  erasedNotice,
} from './retention.js'

describe('what data retention leaves of an enrollment', () => {
  it('erases every name, address, phone and email of the LMA record; keeps its type', () => {
    expect(erasedLmaValues()).toEqual({
      name: '',
      contact: '',
      address: '',
      city: '',
      state: '',
      postal: '',
      country: '',
      previousName: '',
      emailAddress: '',
      phoneNumber: '',
      agencyName: '',
      authName: '',
      authTitle: '',
      authEmailAddress: '',
      authPhoneNumber: '',
      authFaxNumber: '',
    })
  })

  it('erases a dealer’s name, address and contact; keeps its BAC and kits, which the dashboard counts', () => {
    expect(erasedDealerValues()).toEqual({
      name: '',
      address: '',
      city: '',
      state: '',
      postal: '',
      country: '',
      authName: '',
      authTitle: '',
      authEmailAddress: '',
      authPhoneNumber: '',
      authFaxNumber: '',
    })
  })

  it('keeps the history’s changes that name no one, and which field changed of the others', () => {
    const kept = [
      { field: 'regionId', before: 1, after: 2 },
      { field: YEARLY_COST_FIELD, before: 100, after: 250 },
      { field: REASON_SHOWN_FIELD, before: null, after: true },
      { field: 'paidOn', before: null, after: '2021-03-01' },
      { field: 'lma.type', before: 'Lma', after: 'Agency' },
    ]
    for (const change of kept) expect(erasedHistoryChange(change)).toEqual(change)
    expect(
      erasedHistoryChange({
        field: 'dealers[1].kitSize',
        before: 'Small',
        after: 'Large',
        row: '88000002 Valley Buick',
      }),
    ).toEqual({ field: 'dealers[1].kitSize', before: 'Small', after: 'Large', row: '88000002' })

    expect(
      erasedHistoryChange({
        field: 'lma.authEmailAddress',
        before: 'a@x.example',
        after: 'b@x.example',
      }),
    ).toEqual({
      field: 'lma.authEmailAddress',
      before: null,
      after: null,
      erased: true,
    })
    expect(
      erasedHistoryChange({
        field: 'dealers[0].authName',
        before: 'Ann',
        after: 'Bob',
        row: '88000002 Valley Buick',
      }),
    ).toEqual({
      field: 'dealers[0].authName',
      before: null,
      after: null,
      row: '88000002',
      erased: true,
    })
    expect(
      erasedHistoryChange({ field: 'mail', before: null, after: 'invoice to lma@x.example' }),
    ).toEqual({
      field: 'mail',
      before: null,
      after: null,
      erased: true,
    })
    // A change written by a later action this table does not know is erased, to be safe.
    expect(erasedHistoryChange({ field: 'somethingNew', before: 'x', after: 'y' })).toMatchObject({
      before: null,
      after: null,
      erased: true,
    })
  })

  it('keeps a dealer row added or removed by its BAC and kits, without its name', () => {
    expect(
      erasedHistoryChange({
        field: 'dealers[2]',
        before: null,
        after: { bac: '88000002', name: 'Valley Buick', kitSize: 'Large', hispanic: 'Yes' },
      }),
    ).toEqual({
      field: 'dealers[2]',
      before: null,
      after: { bac: '88000002', name: '', kitSize: 'Large', hispanic: 'Yes' },
      erased: true,
    })
  })

  it('tells the admin dialog when the personal data was erased and what stays', () => {
    expect(erasedNotice('2026-03-02T12:00:00.000Z')).toMatch(
      /^Its personal data was erased on Mar 2, 2026 under the data retention rule: .* Its status, kits and figures stay\.$/,
    )
  })
})
