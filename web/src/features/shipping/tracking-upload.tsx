/** The vendor's upload of tracking numbers (docs/product.md#tracking-upload). */
export function TrackingUpload() {
  return null
}
