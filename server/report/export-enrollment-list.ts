import type { FastifyReply } from 'fastify'
import type { Brand } from '../../shared/config/public-config.js'
import { ENROLLMENT_REFERENCE_HEADER } from '../../shared/domain/enrollment-reference.js'
import {
  LIST_COLUMNS,
  type ListItem,
  type ListSort,
  type ListSortKey,
  listBacText,
  listNameText,
  listTypeText,
  sortListItems,
} from '../../shared/enrollment/list-view.js'
import { brandDisplayName } from '../../shared/format/brand-name.js'
import { statusWords } from '../../shared/format/status-words.js'
import type {
  EnrollmentListFilters,
  EnrollmentListRepository,
} from '../enrollment-list/enrollment-list-repository.js'
import { listClock } from '../enrollment-list/find-enrollments.js'
import { addReportSheet, type CellKind, type CellValue, type ReportColumn } from './report-sheet.js'
import { type DownloadRecorder, reportFilename, sendXlsx } from './xlsx-download.js'

/** How each of the list's columns is written as a cell; every column of the list is one here. */
function cellsOf(
  brands: readonly Brand[],
): Record<ListSortKey, { kind: CellKind; width: number; value(item: ListItem): CellValue }> {
  return {
    year: { kind: 'integer', width: 7, value: (item) => item.year },
    brand: { kind: 'text', width: 14, value: (item) => brandDisplayName(brands, item.brand) },
    type: { kind: 'text', width: 8, value: (item) => listTypeText(item.type) },
    bac: { kind: 'text', width: 12, value: (item) => listBacText(item) },
    dealerName: { kind: 'text', width: 36, value: (item) => listNameText(item) },
    status: { kind: 'text', width: 12, value: (item) => statusWords(item.status) },
    submitted: { kind: 'date', width: 12, value: (item) => new Date(item.created) },
    updated: { kind: 'dateTime', width: 17, value: (item) => new Date(item.modified) },
    kits: { kind: 'integer', width: 7, value: (item) => item.kits },
  }
}

/** A list row as the export reads it: with the enrollment's reference. */
type ListExportItem = ListItem & { reference: string }

/**
 * The list's columns, in its order, as report columns; then the enrollment's reference, which
 * names the row in every report but is no column of the list on screen (docs/product.md#reports).
 */
export function enrollmentListColumns(brands: readonly Brand[]): ReportColumn<ListExportItem>[] {
  const cells = cellsOf(brands)
  return [
    ...LIST_COLUMNS.map((column) => ({ header: column.header, ...cells[column.sort] })),
    {
      header: ENROLLMENT_REFERENCE_HEADER,
      kind: 'text',
      width: 16,
      value: (item) => item.reference,
    },
  ]
}

export interface ListExportOptions {
  enrollmentList: EnrollmentListRepository
  brands: readonly Brand[]
  filters: EnrollmentListFilters
  sort: ListSort
  recorded?: DownloadRecorder
}

/**
 * `POST /api/reports/enrollment-list` (docs/product.md#reports): the admin list as it is shown
 * for the same filters and sort: its rows (every page), its columns, its order. A year's list is
 * at most some 10,000 rows, read as the list reads them, then sorted as the browser sorts them
 * (`sortListItems`) and streamed through the formula-safe report sheet. The rows are read
 * before the headers go out, so a database that cannot answer still gets a proper error.
 */
export async function exportEnrollmentList(
  reply: FastifyReply,
  { enrollmentList, brands, filters, sort, recorded }: ListExportOptions,
): Promise<FastifyReply> {
  const json = await enrollmentList.find(filters, listClock(), {
    withReferences: true,
  })
  const items = sortListItems(JSON.parse(json) as ListExportItem[], sort, brands)
  return sendXlsx(
    reply,
    reportFilename('pos-enrollment-list'),
    async (download) => {
      const sheet = addReportSheet(download.workbook, 'Enrollments', enrollmentListColumns(brands))
      for (const item of items) {
        if (download.closed) return 0
        sheet.add(item)
        if (download.backlogged()) await download.drained()
      }
      if (!download.closed) sheet.commit()
      return items.length
    },
    recorded,
  )
}
