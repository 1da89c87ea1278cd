/**
 * The carriers whose tracking pages the status page links to (docs/product.md#shipping); any
 * other carrier's tracking number is shown without a link.
 */
const TRACKING_PAGES: Record<string, (tracking: string) => string> = {
  UPS: (tracking) => `https://www.ups.com/track?tracknum=${encodeURIComponent(tracking)}`,
  FEDEX: (tracking) => `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(tracking)}`,
  USPS: (tracking) =>
    `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(tracking)}`,
}

/** The carrier's tracking page for a tracking number, or null for a carrier without one. */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const page = TRACKING_PAGES[carrier.replace(/[\s.]/g, '').toUpperCase()]
  return page ? page(trackingNumber) : null
}
