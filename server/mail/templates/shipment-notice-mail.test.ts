import { describe, expect, it } from 'vitest'
import { shipmentNoticeMail } from './shipment-notice-mail.js'

const support = { supportEmail: 'pos@example.com', supportPhone: '800-555-0100' }

/** The shipment mail's words (docs/product.md#mails, 'kits shipped'). */
describe('the shipment mail', () => {
  it('names the reference, the event and each package in the status page’s words', () => {
    const mail = shipmentNoticeMail({
      brandName: 'Chevrolet',
      year: 2025,
      type: 'Dealer',
      reference: 'C81C-6061-6136',
      eventName: 'Spring Sales Event',
      dealers: [
        {
          bac: '123456',
          name: 'Prairie Motors',
          shipments: [
            { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', shippedOn: '2025-02-20' },
            { carrier: 'Acme Freight', trackingNumber: 'AF-1', shippedOn: '2025-02-21' },
          ],
        },
      ],
      ...support,
    })
    expect(mail.subject).toBe(
      'Your kits for Spring Sales Event have shipped: 2025 Chevrolet Dealer Funded POS Program enrollment C81C-6061-6136',
    )
    expect(mail.text).toContain('Reference: C81C-6061-6136')
    expect(mail.text).toContain('Sales event: Spring Sales Event')
    expect(mail.text).toContain(
      'Packages:\nShipped on Feb 20, 2025 by UPS, tracking 1Z999AA10123456784\nShipped on Feb 21, 2025 by Acme Freight, tracking AF-1',
    )
    expect(mail.text).toContain('pos@example.com or 800-555-0100')
  })

  it('lists an LMA’s dealers by BAC and name, as text, never markup', () => {
    const mail = shipmentNoticeMail({
      brandName: 'Chevrolet',
      year: 2025,
      type: 'Lma',
      reference: 'C81C-6061-6136',
      eventName: 'Truck Month',
      dealers: [
        {
          bac: '111111',
          name: '<img src=x onerror=alert(1)> Motors',
          shipments: [{ carrier: 'FedEx', trackingNumber: '7489', shippedOn: '2025-02-22' }],
        },
        {
          bac: '222222',
          name: 'Second Motors',
          shipments: [{ carrier: 'USPS', trackingNumber: '9400', shippedOn: '2025-02-23' }],
        },
      ],
      ...support,
    })
    expect(mail.text).toContain(
      '111111 <img src=x onerror=alert(1)> Motors:\nShipped on Feb 22, 2025 by FedEx, tracking 7489',
    )
    expect(mail.text).toContain(
      '222222 Second Motors:\nShipped on Feb 23, 2025 by USPS, tracking 9400',
    )
    expect(mail.html).not.toContain('<img')
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; Motors')
  })
})
