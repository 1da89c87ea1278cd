import type {
  Manifest,
  ReleaseSummary,
  SalesEvent,
  SalesEventBody,
  TrackingUploadResult,
} from '@shared/shipping/shipping-schema'
import { ApiError, authorizationHeaders, call } from '../../lib/api-client'
import { callFile } from '../../lib/api-files'

/** The brand and year whose sales events a page shows. */
export interface EventFilters {
  year: number
  brand: string
}

/** The sales events of a brand's year, by ship-by date (the vendor's: the released ones only). */
export function getShippingEvents(
  filters: EventFilters,
  signal?: AbortSignal,
): Promise<SalesEvent[]> {
  return call('GET /api/shipping/events', {
    query: { year: String(filters.year), brand: filters.brand },
    signal,
  })
}

export function postShippingEvent(
  filters: EventFilters,
  body: SalesEventBody,
): Promise<SalesEvent> {
  return call('POST /api/shipping/events', {
    query: { year: String(filters.year), brand: filters.brand },
    body,
  })
}

export function putShippingEvent(
  guid: string,
  body: SalesEventBody & { version: number },
): Promise<SalesEvent> {
  return call('PUT /api/shipping/events/{guid}', { params: { guid }, body })
}

/** Removes an event whose manifest was never released (204; a released one answers 409). */
export async function deleteShippingEvent(guid: string): Promise<void> {
  await call('DELETE /api/shipping/events/{guid}', { params: { guid } })
}

export function getManifest(guid: string, signal?: AbortSignal): Promise<Manifest> {
  return call('GET /api/shipping/events/{guid}/manifest', { params: { guid }, signal })
}

export function getReleases(guid: string, signal?: AbortSignal): Promise<ReleaseSummary[]> {
  return call('GET /api/shipping/events/{guid}/releases', { params: { guid }, signal })
}

/** Releases the manifest; `after` is the last release the office saw (0: none). */
export function postRelease(guid: string, after: number): Promise<ReleaseSummary> {
  return call('POST /api/shipping/events/{guid}/releases', { params: { guid }, body: { after } })
}

/** The vendor's files of a release: CSV or Excel, every row or only the changes. */
export type ReleaseFileFormat = 'csv' | 'xlsx'
export type ReleaseFileRows = 'all' | 'changes'

/**
 * `CHEVY-2025-3-release-2.csv`, `CHEVY-2025-3-release-2-changes.xlsx`, as the server names it
 * (shared/shipping/release-file.ts, whose module holds zod, which the browser does not load).
 */
export function releaseFileName(
  code: string,
  number: number,
  rows: ReleaseFileRows,
  format: ReleaseFileFormat,
): string {
  return `${code}-release-${number}${rows === 'changes' ? '-changes' : ''}.${format}`
}

/**
 * Fetches a release's file with the signed-in user's bearer token and hands it to the browser as
 * a download (as the invoice's PDF is).
 */
export async function downloadReleaseFile(
  event: Pick<SalesEvent, 'guid' | 'code'>,
  number: number,
  file: { format: ReleaseFileFormat; rows: ReleaseFileRows },
): Promise<void> {
  let blob: Blob
  try {
    blob = await callFile('GET /api/shipping/events/{guid}/releases/{number}/file', {
      params: { guid: event.guid, number },
      query: { format: file.format, rows: file.rows },
      headers: authorizationHeaders(),
    })
  } catch (error) {
    if (error instanceof ApiError) {
      throw new Error(`The file could not be downloaded (${error.status}).`)
    }
    throw error
  }
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = releaseFileName(event.code, number, file.rows, file.format)
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * The type a tracking file is sent as, by its name: a browser may call a .csv
 * `application/vnd.ms-excel` (Windows with Excel); anything else goes untyped, and the server
 * tells a workbook from CSV by its content.
 */
export function trackingFileType(name: string): string {
  const lower = name.toLowerCase()
  if (lower.endsWith('.csv')) return 'text/csv'
  if (lower.endsWith('.xlsx')) return XLSX_TYPE
  return 'application/octet-stream'
}

/** Uploads a tracking file (CSV or Excel) as the request's body. */
export function postTracking(file: File): Promise<TrackingUploadResult> {
  return call('POST /api/shipping/tracking', {
    body: file,
    headers: { 'content-type': trackingFileType(file.name) },
  })
}
