import type { Brand } from '@shared/config/public-config'
import {
  formatShippingFilter,
  parseInvoiceFilter,
  parseShippingFilter,
  parseWaitingFilter,
} from '@shared/enrollment/list-figure-filters'
import {
  DEFAULT_LIST_SORT,
  formatListSort,
  type ListSort,
  parseListSort,
  parseListStatus,
  parseListType,
} from '@shared/enrollment/list-view'
import { ATTENTION_FILTERS } from '@shared/office/office-limits'
import type { ListFilters } from '../api/admin-calls'

/** The list as its address names it: the filters, and how it is sorted. */
export interface ListView {
  filters: ListFilters
  sort: ListSort
}

/**
 * The list's filters and sort from the query of /admin (docs/product.md#enrollment-list):
 * `year`, `type`, `status`, `brand`, `q` (the search) and `sort`, and the dashboard's figure
 * filters (`invoice`, `waiting`, `shipping`). Values are read leniently
 * (`type=LMA`, `status=approving`, `brand=GM`); one the list does not know is Any, and a
 * missing year is the enrollment year.
 */
export function readListAddress(
  search: string,
  { enrollmentYear, brands }: { enrollmentYear: number; brands: readonly Brand[] },
): ListView {
  const params = new URLSearchParams(search)
  const year = params.get('year')?.trim() ?? ''
  const brand = params.get('brand')?.trim().toLowerCase() ?? ''
  const shipping = parseShippingFilter(params.get('shipping'))
  return {
    filters: {
      query: params.get('q') ?? '',
      year: /^\d{4}$/.test(year) ? Number(year) : enrollmentYear,
      type: parseListType(params.get('type')) ?? '',
      status: parseListStatus(params.get('status')) ?? '',
      brand: brands.some((known) => known.key === brand) ? brand : '',
      attention: attentionOf(params.get('attention')),
      invoice: parseInvoiceFilter(params.get('invoice')),
      waiting: parseWaitingFilter(params.get('waiting')),
      ...(shipping ? { shipping: formatShippingFilter(shipping) } : {}),
    },
    sort: parseListSort(params.get('sort')) ?? DEFAULT_LIST_SORT,
  }
}

/** The query that names `view`: only what differs from the defaults, so plain /admin stays plain. */
export function writeListAddress(view: ListView, enrollmentYear: number): string {
  const params = new URLSearchParams()
  const { filters, sort } = view
  if (filters.year !== enrollmentYear) params.set('year', String(filters.year))
  if (filters.type) params.set('type', filters.type)
  if (filters.status) params.set('status', filters.status)
  if (filters.brand) params.set('brand', filters.brand)
  if (filters.attention) params.set('attention', filters.attention)
  if (filters.invoice) params.set('invoice', filters.invoice)
  if (filters.waiting !== null) params.set('waiting', String(filters.waiting))
  if (filters.shipping) params.set('shipping', filters.shipping)
  if (filters.query) params.set('q', filters.query)
  if (formatListSort(sort) !== formatListSort(DEFAULT_LIST_SORT)) {
    params.set('sort', formatListSort(sort))
  }
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** `attention=failed-mail|overdue-invoice`; anything else is Any. */
function attentionOf(value: string | null): string {
  const key = value?.trim().toLowerCase() ?? ''
  return Object.hasOwn(ATTENTION_FILTERS, key) ? key : ''
}
