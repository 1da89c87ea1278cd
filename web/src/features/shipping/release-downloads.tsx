import type { ReleaseSummary, SalesEvent } from '@shared/shipping/shipping-schema'

/** The files of one release: Excel and CSV, the whole manifest and only its changes. */
export function ReleaseDownloads(_props: { event: SalesEvent; release: ReleaseSummary }) {
  return null
}
