import type { FastifyReply } from 'fastify'
import type { Brand } from '../../shared/config/public-config.js'
import { ENROLLMENT_REFERENCE_HEADER } from '../../shared/domain/enrollment-reference.js'
import { brandDisplayName } from '../../shared/format/brand-name.js'
import type { NotReEnrolled } from '../../shared/re-enrollment/not-re-enrolled-schema.js'
import type { Region } from '../../shared/region/region.js'
import { addReportSheet, type ReportColumn } from './report-sheet.js'
import { type DownloadRecorder, reportFilename, sendXlsx } from './xlsx-download.js'

function columns(
  regions: readonly Region[],
  brands: readonly Brand[],
): ReportColumn<NotReEnrolled>[] {
  const regionName = (id: number | null) => regions.find((region) => region.id === id)?.name ?? ''
  return [
    { header: ENROLLMENT_REFERENCE_HEADER, width: 16, kind: 'text', value: (row) => row.reference },
    {
      header: 'Type',
      width: 8,
      kind: 'text',
      value: (row) => (row.type === 'Lma' ? 'LMA' : 'Dealer'),
    },
    {
      header: 'Brand',
      width: 10,
      kind: 'text',
      value: (row) => brandDisplayName(brands, row.brand),
    },
    { header: 'BAC', width: 10, kind: 'text', value: (row) => row.bac },
    { header: 'Name', width: 36, kind: 'text', value: (row) => row.name },
    { header: 'Region', width: 18, kind: 'text', value: (row) => regionName(row.regionId) },
    { header: 'City', width: 18, kind: 'text', value: (row) => row.city },
    { header: 'State', width: 6, kind: 'text', value: (row) => row.state },
    { header: 'Contact', width: 22, kind: 'text', value: (row) => row.contactName },
    { header: 'Email', width: 30, kind: 'text', value: (row) => row.contactEmail },
    { header: 'Phone', width: 14, kind: 'text', value: (row) => row.contactPhone },
    { header: 'Dealers', width: 8, kind: 'integer', value: (row) => row.kits.dealers },
    { header: 'Large kits', width: 10, kind: 'integer', value: (row) => row.kits.large },
    { header: 'Small kits', width: 10, kind: 'integer', value: (row) => row.kits.small },
    {
      header: 'With Hispanic kits',
      width: 12,
      kind: 'integer',
      value: (row) => row.kits.withHispanic,
    },
    { header: 'Hispanic only', width: 12, kind: 'integer', value: (row) => row.kits.hispanicOnly },
    {
      header: 'Last invited (UTC)',
      width: 18,
      kind: 'dateTime',
      value: (row) => (row.invitedAt ? new Date(row.invitedAt) : null),
    },
  ]
}

/**
 * `POST /api/reports/not-re-enrolled` (docs/product.md#not-yet-re-enrolled): the list as filtered,
 * through the reports' streaming, formula-safe sheet.
 */
export async function exportNotReEnrolled(
  reply: FastifyReply,
  year: number,
  items: readonly NotReEnrolled[],
  regions: readonly Region[],
  brands: readonly Brand[],
  recorded?: DownloadRecorder,
): Promise<FastifyReply> {
  return sendXlsx(
    reply,
    reportFilename(`pos-not-re-enrolled-${year}`),
    async (download) => {
      const sheet = addReportSheet(
        download.workbook,
        `Not re-enrolled ${year}`,
        columns(regions, brands),
      )
      for (const item of items) {
        sheet.add(item)
        if (download.backlogged()) await download.drained()
        if (download.closed) return 0
      }
      sheet.commit()
      return items.length
    },
    recorded,
  )
}
