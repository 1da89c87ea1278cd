import { DEFAULT_COUNTRY, US_STATES } from '../../shared/domain/enrollment-choices.js'
import {
  type DealerDirectoryRow,
  DIRECTORY_FIELDS,
  type DirectoryField,
  directoryRowOf,
} from './dealer-directory-row.js'

const MAX_LENGTH = { bac: 25, country: 60 } as const
/** The longest value of a field not checked on its own (name, address, city, any new one). */
const MAX_TEXT_LENGTH = 100
/** The fields with checks of their own below; every other one is text of MAX_TEXT_LENGTH. */
const CHECKED_ON_THEIR_OWN: ReadonlySet<DirectoryField> = new Set([
  'bac',
  'state',
  'postal',
  'country',
])
const STATES: ReadonlySet<string> = new Set(US_STATES)
const COUNTRY_ALIASES = new Set(['US', 'USA', 'UNITEDSTATES', 'UNITEDSTATESOFAMERICA'])

export type DealerValidation = { row: DealerDirectoryRow } | { problems: string[] }

/**
 * Checks and normalizes the values of one CSV row: the BAC upper-cased, the state upper-cased,
 * a ZIP+4 cut to its five digits, a blank country (or US, U.S.A., United States) made USA.
 */
export function validateDealerRow(values: Record<DirectoryField, string>): DealerValidation {
  const problems: string[] = []
  const bac = values.bac.toUpperCase()
  if (bac === '') problems.push('BAC is required')
  else if (!/^[A-Z0-9]{1,25}$/.test(bac)) {
    problems.push(`BAC "${values.bac}" must be 1 to ${MAX_LENGTH.bac} letters or digits`)
  }

  if (values.name === '') problems.push('name is required')
  for (const field of DIRECTORY_FIELDS) {
    const length = values[field].length
    if (!CHECKED_ON_THEIR_OWN.has(field) && length > MAX_TEXT_LENGTH) {
      problems.push(`${field} is ${length} characters long; at most ${MAX_TEXT_LENGTH} allowed`)
    }
  }

  const state = values.state.toUpperCase()
  if (state === '') problems.push('state is required')
  else if (!STATES.has(state)) {
    problems.push(`state "${values.state}" is not a US state code (two letters, such as MI)`)
  }

  const postal = checkPostal(values.postal, problems)
  const country = checkCountry(values.country, problems)

  if (problems.length > 0) return { problems }
  return { row: directoryRowOf({ ...values, bac, state, postal, country }) }
}

function checkPostal(value: string, problems: string[]): string {
  const zip = /^(\d{5})(-\d{4})?$/.exec(value)?.[1]
  if (zip) return zip
  if (value === '') problems.push('postal (ZIP code) is required')
  else if (/^\d{3,4}$/.test(value)) {
    problems.push(
      `postal "${value}" is not a 5-digit ZIP code (a spreadsheet may have dropped its leading zeros)`,
    )
  } else problems.push(`postal "${value}" is not a 5-digit ZIP code (or ZIP+4 such as 48226-1234)`)
  return ''
}

function checkCountry(value: string, problems: string[]): string {
  if (value === '' || COUNTRY_ALIASES.has(value.toUpperCase().replace(/[\s.]/g, ''))) {
    return DEFAULT_COUNTRY
  }
  if (value.length > MAX_LENGTH.country) {
    problems.push(
      `country is ${value.length} characters long; at most ${MAX_LENGTH.country} allowed`,
    )
  }
  return value
}
