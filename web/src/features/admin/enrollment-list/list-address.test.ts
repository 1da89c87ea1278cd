import { describe, expect, it } from 'vitest'
import { readListAddress, writeListAddress } from './list-address'

const CONFIG = {
  enrollmentYear: 2025,
  brands: [
    { key: 'chevy', name: 'Chevrolet' },
    { key: 'gm', name: 'GM' },
  ],
}

describe('the admin list’s address', () => {
  it('is plain /admin for the defaults', () => {
    const view = readListAddress('', CONFIG)
    expect(view).toEqual({
      filters: {
        query: '',
        year: 2025,
        type: '',
        status: '',
        brand: '',
        attention: '',
        invoice: '',
        waiting: null,
      },
      sort: { key: 'updated', descending: true },
    })
    expect(writeListAddress(view, 2025)).toBe('')
  })

  it('carries the dashboard’s filters, and drops values it does not know', () => {
    const view = readListAddress('?type=LMA&invoice=Paid&waiting=14', CONFIG)
    expect(view.filters).toMatchObject({ type: 'Lma', invoice: 'paid', waiting: 14 })
    expect(writeListAddress(view, 2025)).toBe('?type=Lma&invoice=paid&waiting=14')
    const unknown = readListAddress('?invoice=lost&waiting=8', CONFIG)
    expect(unknown.filters).toMatchObject({ invoice: '', waiting: null })
  })

  it('carries a sales event’s shipping figure, in the dashboard’s spelling', () => {
    const view = readListAddress('?year=2026&shipping=chevy-2026-2:Shipped', CONFIG)
    expect(view.filters.shipping).toBe('CHEVY-2026-2:shipped')
    expect(writeListAddress(view, 2025)).toBe('?year=2026&shipping=CHEVY-2026-2%3Ashipped')
    for (const unknown of ['CHEVY-2026-2', 'CHEVY-2026-2:lost', 'soon:late']) {
      expect(readListAddress(`?shipping=${unknown}`, CONFIG).filters.shipping, unknown).toBe(
        undefined,
      )
    }
  })

  it('reads a link from elsewhere leniently and writes it back in the list’s spelling', () => {
    const view = readListAddress(
      '?year=2026&brand=Chevy&status=approving&type=LMA&q=Lake%20&sort=-dealerName&attention=Overdue-Invoice',
      CONFIG,
    )
    expect(view).toEqual({
      filters: {
        query: 'Lake ',
        year: 2026,
        type: 'Lma',
        status: 'Approving',
        brand: 'chevy',
        attention: 'overdue-invoice',
        invoice: '',
        waiting: null,
      },
      sort: { key: 'dealerName', descending: true },
    })
    expect(writeListAddress(view, 2025)).toBe(
      '?year=2026&type=Lma&status=Approving&brand=chevy&attention=overdue-invoice&q=Lake+&sort=-dealerName',
    )
  })

  it('takes values it does not know as Any (and the enrollment year)', () => {
    expect(
      readListAddress(
        '?year=20x6&brand=ford&status=Deleted&type=Agency&sort=colour&attention=all',
        CONFIG,
      ),
    ).toEqual(readListAddress('', CONFIG))
  })
})
