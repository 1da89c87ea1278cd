import { bacKey } from '../../shared/enrollment/bac-key.js'
import {
  DEALER_ENTRY_FIELDS,
  type DealerField,
  dealerFieldsLookedUpFrom,
} from '../../shared/enrollment/dealer-entry-fields.js'

type Fields = typeof DEALER_ENTRY_FIELDS

/** The fields of a dealer entry kept in the dealer directory: those marked `lookup: 'directory'`. */
export type DirectoryField = {
  [Field in DealerField]: Fields[Field]['lookup'] extends 'directory' ? Field : never
}[DealerField]

/**
 * Those fields, in the description's order (shared/enrollment/dealer-entry-fields.ts): the
 * columns of the dealer master file and of `dealer_directory`, read from the field descriptions
 * so that a field newly marked `lookup: 'directory'` is imported and kept without another list.
 */
export const DIRECTORY_FIELDS = dealerFieldsLookedUpFrom('directory') as readonly DirectoryField[]

/** The columns of `dealer_directory` that hold them. */
export type DirectoryColumn = Fields[DirectoryField]['column']

/** One dealer as the dealer directory stores it: its directory fields, each under its column. */
export type DealerDirectoryRow = { [Field in DirectoryField as Fields[Field]['column']]: string }

/**
 * The directory row of a dealer entry: every field marked `lookup: 'directory'` under its column,
 * the BAC by its key (`bacKey`). The one way a dealer reaches the directory: the dealer master
 * file's import (validateDealerRow) and an approved dealer's enrollment both build it here.
 */
export function directoryRowOf(
  entry: { readonly [Field in DirectoryField]: string },
): DealerDirectoryRow {
  const row: Record<string, string> = {}
  for (const field of DIRECTORY_FIELDS) row[DEALER_ENTRY_FIELDS[field].column] = entry[field]
  row[DEALER_ENTRY_FIELDS.bac.column] = bacKey(entry.bac)
  return row as DealerDirectoryRow
}
