import { DEALER_ENTRY_FIELDS } from '../../shared/enrollment/dealer-entry-fields.js'
import { DIRECTORY_FIELDS, type DirectoryField } from './dealer-directory-row.js'

/** The fields of a dealer master file: the directory's (dealer-directory-row.ts). */
export { DIRECTORY_FIELDS, type DirectoryField }

/** Columns a file must have; the others default to '' (country to USA). */
const REQUIRED_FIELDS: readonly DirectoryField[] = ['bac', 'name', 'state', 'postal']

/**
 * Header names after normalizeHeader(), per field, besides the field's own name, its column and
 * its header in the Excel export, which every field goes by (a new directory field needs none).
 */
const MORE_ALIASES: Partial<Record<DirectoryField, readonly string[]>> = {
  bac: ['baccode', 'bacnumber', 'bacno', 'dealerbac', 'dealercode'],
  name: ['dealershipname', 'dealer', 'dealership', 'businessname'],
  address: ['address1', 'addressline1', 'streetaddress', 'street'],
  city: ['town'],
  state: ['st', 'statecode'],
  postal: ['postalcode', 'zip', 'zipcode', 'zip5', 'postcode'],
  country: ['countrycode'],
}

const ALIASES = new Map<DirectoryField, readonly string[]>(
  DIRECTORY_FIELDS.map((field) => {
    const { column, export: exported } = DEALER_ENTRY_FIELDS[field]
    const names = [field, column, exported.header].map(normalizeHeader)
    return [field, [...new Set([...names, ...(MORE_ALIASES[field] ?? [])])]]
  }),
)

/** 'Dealer Name', 'dealer_name' and 'DEALER-NAME' all become 'dealername'. */
export function normalizeHeader(header: string): string {
  return header.toLowerCase().replace(/[\s_\-.#]+/g, '')
}

export type ColumnMap = Partial<Record<DirectoryField, number>>

export interface ResolvedColumns {
  columns: ColumnMap
  /** Header names that match no field; their values are ignored. */
  ignored: string[]
  /** Why the header row cannot be used; empty when it can. */
  problems: string[]
}

/** Maps each dealer field to its column index in the header row. */
export function resolveColumns(headers: readonly string[]): ResolvedColumns {
  const columns: ColumnMap = {}
  const ignored: string[] = []
  const problems: string[] = []
  headers.forEach((header, index) => {
    const key = normalizeHeader(header)
    if (key === '') return
    const field = DIRECTORY_FIELDS.find((candidate) => ALIASES.get(candidate)?.includes(key))
    if (!field) {
      ignored.push(header.trim())
      return
    }
    const taken = columns[field]
    if (taken !== undefined) {
      const first = headers[taken]?.trim() ?? ''
      problems.push(`columns "${first}" and "${header.trim()}" both hold the ${field}`)
      return
    }
    columns[field] = index
  })
  const missing = REQUIRED_FIELDS.filter((field) => columns[field] === undefined)
  if (missing.length > 0) {
    const only = headers.length === 1 ? separatorHint(headers[0] ?? '') : ''
    problems.push(
      `the header row has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}` +
        ` (expected ${DIRECTORY_FIELDS.join(', ')})${only}`,
    )
  }
  return { columns, ignored, problems }
}

function separatorHint(header: string): string {
  const separator = [';', '\t', '|'].find((candidate) => header.includes(candidate))
  if (!separator) return ''
  const shown = separator === '\t' ? 'tabs' : `"${separator}"`
  return `; the file seems to separate values with ${shown}: save it as comma-separated CSV`
}
