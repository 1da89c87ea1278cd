import { z } from 'zod'
import type { ManifestRow } from './shipping-schema.js'

/**
 * A release as the vendor downloads it (docs/product.md#vendor-layout): CSV or Excel, the whole
 * manifest or only its changes, named after the event's code and the release's number.
 */
export const RELEASE_FILE_FORMATS = ['csv', 'xlsx'] as const
export type ReleaseFileFormat = (typeof RELEASE_FILE_FORMATS)[number]

export const RELEASE_FILE_ROWS = ['all', 'changes'] as const
export type ReleaseFileRows = (typeof RELEASE_FILE_ROWS)[number]

export const releaseFileQuery = z.object({
  format: z
    .enum(RELEASE_FILE_FORMATS, { error: 'The format is csv or xlsx.' })
    .default('xlsx')
    .describe('csv (UTF-8, CRLF) or xlsx; xlsx when absent.'),
  rows: z
    .enum(RELEASE_FILE_ROWS, { error: 'The rows are all or changes.' })
    .default('all')
    .describe('all: the whole manifest and its cancellations; changes: the rows not Unchanged.'),
})

/** The release's rows the file holds: every row, or those whose change is not Unchanged. */
export function releaseFileRows<Row extends Pick<ManifestRow, 'change'>>(
  rows: readonly Row[],
  which: ReleaseFileRows,
): Row[] {
  return which === 'all' ? [...rows] : rows.filter((row) => row.change !== 'unchanged')
}

/** `CHEVY-2025-3-release-2.csv`, `CHEVY-2025-3-release-2-changes.xlsx`. */
export function releaseFilename(
  eventCode: string,
  release: number,
  rows: ReleaseFileRows,
  format: ReleaseFileFormat,
): string {
  return `${eventCode}-release-${release}${rows === 'changes' ? '-changes' : ''}.${format}`
}
