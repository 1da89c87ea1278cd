import type { Brand } from '../config/public-config.js'
import {
  ENROLLMENT_STATUSES,
  ENROLLMENT_TYPES,
  type EnrollmentStatus,
  type EnrollmentType,
} from '../domain/enrollment-choices.js'
import { brandDisplayName } from '../format/brand-name.js'
import { statusWords } from '../format/status-words.js'
import { compareText } from '../format/text-order.js'
import type { EnrollmentListItem } from './enrollment.js'
import { ERASED_NAME } from './retention.js'

/**
 * The admin list as the administrator sees it (docs/product.md#enrollment-list): its columns,
 * how each sorts, and the filters and sort as the address of /admin carries them. The browser
 * shows and sorts the list with it; the server's export of the filtered view writes the same
 * columns in the same order with it, so the workbook is the list as shown.
 */

/** A list row; Deleted exists only in the browser, after a delete. */
export type ListItem = Omit<EnrollmentListItem, 'status'> & { status: string }

export const LIST_SORT_KEYS = [
  'year',
  'brand',
  'type',
  'bac',
  'dealerName',
  'status',
  'submitted',
  'updated',
  'kits',
] as const
export type ListSortKey = (typeof LIST_SORT_KEYS)[number]

export interface ListSort {
  key: ListSortKey
  descending: boolean
}

/** Newest change first, as the list has always been ordered. */
export const DEFAULT_LIST_SORT: ListSort = { key: 'updated', descending: true }

/** The Type column: 'LMA' or 'Dealer'. */
export function listTypeText(type: string): string {
  return type === 'Lma' ? 'LMA' : type
}

/**
 * The Name column: the LMA's name, else the first dealer's, else 'Personal data erased' once
 * data retention erased it, else 'Unavailable'.
 */
export function listNameText(item: Pick<ListItem, 'name' | 'erased'>): string {
  return item.name || (item.erased ? ERASED_NAME : 'Unavailable')
}

/** The BAC column: blank for an LMA. */
export function listBacText(item: Pick<ListItem, 'type' | 'bac'>): string {
  return item.type === 'Lma' ? '' : item.bac
}

export interface ListColumn {
  sort: ListSortKey
  header: string
  /** The value the column sorts by. */
  sortValue(item: ListItem, brands: readonly Brand[]): string | number
  /** Text compared as people read it (case aside, numbers in order); else as it is (ISO times). */
  collate?: boolean
  /** Its two orders in words, ascending then descending: 'oldest first', 'A to Z'. */
  order: readonly [ascending: string, descending: string]
}

const BY_TIME = ['oldest first', 'newest first'] as const
const BY_LETTER = ['A to Z', 'Z to A'] as const

/** The list's columns, in their order on screen and in the export. */
export const LIST_COLUMNS: readonly ListColumn[] = [
  { sort: 'year', header: 'Year', sortValue: (item) => item.year, order: BY_TIME },
  {
    sort: 'brand',
    header: 'Brand',
    sortValue: (item, brands) => brandDisplayName(brands, item.brand),
    collate: true,
    order: BY_LETTER,
  },
  {
    sort: 'type',
    header: 'Type',
    sortValue: (item) => listTypeText(item.type),
    collate: true,
    order: BY_LETTER,
  },
  {
    sort: 'bac',
    header: 'BAC',
    sortValue: (item) => listBacText(item),
    collate: true,
    order: ['lowest first', 'highest first'],
  },
  {
    sort: 'dealerName',
    header: 'Name',
    sortValue: (item) => listNameText(item),
    collate: true,
    order: BY_LETTER,
  },
  {
    sort: 'status',
    header: 'Status',
    sortValue: (item) => statusWords(item.status),
    collate: true,
    order: BY_LETTER,
  },
  { sort: 'submitted', header: 'Created', sortValue: (item) => item.created, order: BY_TIME },
  { sort: 'updated', header: 'Updated', sortValue: (item) => item.modified, order: BY_TIME },
  {
    sort: 'kits',
    header: 'Kits',
    sortValue: (item) => item.kits,
    order: ['fewest first', 'most first'],
  },
]

/**
 * A sort in words, as the list's 'Sort by' offers it and the audit trail names it: 'Updated,
 * newest first', 'Name, A to Z', 'Kits, most first'.
 */
export function listSortText(sort: ListSort): string {
  const column = LIST_COLUMNS.find((candidate) => candidate.sort === sort.key)
  if (!column) return formatListSort(sort)
  return `${column.header}, ${column.order[sort.descending ? 1 : 0]}`
}

/** Other spellings an address may use for a sort key. */
const SORT_ALIASES: Record<string, ListSortKey> = {
  name: 'dealerName',
  created: 'submitted',
  modified: 'updated',
}

/** `sort=submitted`, `sort=-dealerName`: a key, descending with a leading '-'; null when unknown. */
export function parseListSort(text: string | null | undefined): ListSort | null {
  if (!text) return null
  const descending = text.startsWith('-')
  const name = descending ? text.slice(1) : text
  const key =
    LIST_SORT_KEYS.find((candidate) => candidate.toLowerCase() === name.toLowerCase()) ??
    SORT_ALIASES[name.toLowerCase()]
  return key ? { key, descending } : null
}

export function formatListSort(sort: ListSort): string {
  return `${sort.descending ? '-' : ''}${sort.key}`
}

function compareValues(a: string | number, b: string | number, collate: boolean): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (collate) return compareText(String(a), String(b))
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The order of the list under `sort`; rows that tie are in the default order (newest change
 * first), then by guid, so the order is the same wherever it is computed.
 */
export function compareListItems(
  sort: ListSort,
  brands: readonly Brand[],
): (a: ListItem, b: ListItem) => number {
  const column = LIST_COLUMNS.find((candidate) => candidate.sort === sort.key)
  const direction = sort.descending ? -1 : 1
  return (a, b) => {
    const byColumn = column
      ? compareValues(
          column.sortValue(a, brands),
          column.sortValue(b, brands),
          column.collate === true,
        ) * direction
      : 0
    if (byColumn !== 0) return byColumn
    if (a.modified !== b.modified) return a.modified < b.modified ? 1 : -1
    return a.guid < b.guid ? -1 : a.guid > b.guid ? 1 : 0
  }
}

/** The list sorted under `sort` (a new array). */
export function sortListItems<T extends ListItem>(
  items: readonly T[],
  sort: ListSort,
  brands: readonly Brand[],
): T[] {
  return [...items].sort(compareListItems(sort, brands))
}

/** The Type filter as an address may spell it: `Lma`, `LMA`, `lma`, `Dealer`; else undefined (Any). */
export function parseListType(text: string | null | undefined): EnrollmentType | undefined {
  const wanted = text?.trim().toLowerCase()
  return ENROLLMENT_TYPES.find((type) => type.toLowerCase() === wanted)
}

/** The Status filter, in any case; else undefined (Any). */
export function parseListStatus(text: string | null | undefined): EnrollmentStatus | undefined {
  const wanted = text?.trim().toLowerCase()
  return ENROLLMENT_STATUSES.find((status) => status.toLowerCase() === wanted)
}
