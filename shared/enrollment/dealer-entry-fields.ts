import {
  type Billing,
  DEFAULT_COUNTRY,
  type HispanicOption,
  type KitSize,
} from '../domain/enrollment-choices.js'

/** One dealer of an enrollment: the dealer form's one entry, or a row of the LMA dealer table. */
export interface DealerEntry {
  bac: string
  name: string
  address: string
  city: string
  state: string
  postal: string
  country: string
  authName: string
  authTitle: string
  authEmailAddress: string
  authPhoneNumber: string
  authFaxNumber: string
  /** '' until chosen. */
  kitSize: KitSize | ''
  hispanic: HispanicOption | ''
  billing: Billing | ''
  /** Client-only: a row of the LMA dealer table, validated with the simple variant. */
  simple?: boolean
}

/** The fields of a dealer entry that are stored (all but the browser's `simple`). */
export type StoredDealerEntry = Omit<DealerEntry, 'simple'>

/** Everything the server and the forms need to know of one field of a dealer entry. */
export interface DealerFieldDescription<Value> {
  /** The column of `enrollment_dealers` (and of `dealer_directory`, for `lookup: 'directory'`). */
  column: string
  /** A blank entry's value. */
  empty: Value
  /** Stored for a blank value; `empty` unless given. */
  storedWhenBlank?: Value
  /** On a row of an LMA enrollment: kept as entered, or always stored as this value. */
  onLmaRow: 'kept' | Value
  /**
   * Where the BAC look-up takes it from: the dealer directory, the dealer's latest enrollment
   * of an earlier year (blank without one), or nowhere.
   */
  lookup: 'directory' | 'lastEnrollment' | 'none'
  /**
   * What data retention leaves of it once the enrollment's personal data is erased
   * (docs/security.md#data-retention): kept, or this value. The BAC and the kits are kept: the
   * dashboard counts them and they name no person.
   */
  retention: 'kept' | Value
  /** The Excel export's column (in the order of this description). */
  export: { header: string; width: number }
}

/**
 * The one description of a dealer entry's fields, in the export's column order. The mapping to
 * database rows, the table's type, the history diff, the export columns, a blank entry, what an
 * LMA row stores and the BAC look-up all read it, so a new field of `DealerEntry` is a compile
 * error here first and then needs only its migration (server/db/field-columns.test.ts fails
 * without it), its validation (the schema's type no longer matches) and its form input
 * (web/src/features/enrollment/form-inputs.test.tsx fails without it).
 */
export const DEALER_ENTRY_FIELDS = {
  bac: {
    column: 'bac',
    empty: '',
    onLmaRow: 'kept',
    lookup: 'directory',
    retention: 'kept',
    export: { header: 'BAC', width: 10 },
  },
  name: {
    column: 'name',
    empty: '',
    onLmaRow: 'kept',
    lookup: 'directory',
    retention: '',
    export: { header: 'Dealer Name', width: 30 },
  },
  address: {
    column: 'address',
    empty: '',
    onLmaRow: '',
    lookup: 'directory',
    retention: '',
    export: { header: 'Dealer Address', width: 28 },
  },
  city: {
    column: 'city',
    empty: '',
    onLmaRow: '',
    lookup: 'directory',
    retention: '',
    export: { header: 'Dealer City', width: 16 },
  },
  state: {
    column: 'state',
    empty: '',
    onLmaRow: '',
    lookup: 'directory',
    retention: '',
    export: { header: 'Dealer State', width: 9 },
  },
  postal: {
    column: 'postal',
    empty: '',
    onLmaRow: '',
    lookup: 'directory',
    retention: '',
    export: { header: 'Dealer Zip', width: 10 },
  },
  country: {
    column: 'country',
    empty: DEFAULT_COUNTRY,
    onLmaRow: 'kept',
    lookup: 'directory',
    retention: '',
    export: { header: 'Dealer Country', width: 11 },
  },
  authName: {
    column: 'auth_name',
    empty: '',
    onLmaRow: '',
    lookup: 'lastEnrollment',
    retention: '',
    export: { header: 'Dealer Auth Name', width: 22 },
  },
  authTitle: {
    column: 'auth_title',
    empty: '',
    onLmaRow: '',
    lookup: 'lastEnrollment',
    retention: '',
    export: { header: 'Dealer Auth Title', width: 20 },
  },
  authEmailAddress: {
    column: 'auth_email_address',
    empty: '',
    onLmaRow: '',
    lookup: 'lastEnrollment',
    retention: '',
    export: { header: 'Dealer Auth Email', width: 28 },
  },
  authPhoneNumber: {
    column: 'auth_phone_number',
    empty: '',
    onLmaRow: '',
    lookup: 'lastEnrollment',
    retention: '',
    export: { header: 'Dealer Auth Phone', width: 15 },
  },
  authFaxNumber: {
    column: 'auth_fax_number',
    empty: '',
    onLmaRow: '',
    lookup: 'lastEnrollment',
    retention: '',
    export: { header: 'Dealer Auth Fax', width: 15 },
  },
  kitSize: {
    column: 'kit_size',
    empty: '',
    storedWhenBlank: 'None',
    onLmaRow: 'kept',
    lookup: 'lastEnrollment',
    retention: 'kept',
    export: { header: 'Kit Size', width: 9 },
  },
  hispanic: {
    column: 'hispanic',
    empty: '',
    storedWhenBlank: 'None',
    onLmaRow: 'kept',
    lookup: 'lastEnrollment',
    retention: 'kept',
    export: { header: 'Hispanic', width: 9 },
  },
  billing: {
    column: 'billing',
    empty: '',
    storedWhenBlank: 'None',
    onLmaRow: 'Lma',
    lookup: 'none',
    retention: 'kept',
    export: { header: 'Billing', width: 11 },
  },
} as const satisfies {
  [Field in keyof StoredDealerEntry]-?: DealerFieldDescription<DealerEntry[Field]>
}

/**
 * A described field. The `satisfies` above makes it every stored field of `DealerEntry`; the
 * code below indexes by it, so a field missing from the description is one error, here.
 */
export type DealerField = keyof typeof DEALER_ENTRY_FIELDS

/** Every stored field of a dealer entry, in the description's order. */
export const DEALER_FIELDS = Object.keys(DEALER_ENTRY_FIELDS) as DealerField[]

type Fields = typeof DEALER_ENTRY_FIELDS

/** The column names of `enrollment_dealers` that hold a dealer entry's fields. */
export type DealerColumn = Fields[DealerField]['column']

/** Those columns as the database holds them: text each (the choices are checked on the way in). */
export type DealerEntryColumns = { [Field in DealerField as Fields[Field]['column']]: string }

/** The fields the BAC look-up fills from the directory or from the dealer's last enrollment. */
export type LookedUpDealerField = {
  [Field in DealerField]: Fields[Field]['lookup'] extends 'none' ? never : Field
}[DealerField]

/** The fields the BAC look-up takes from `source`. */
export function dealerFieldsLookedUpFrom(source: 'directory' | 'lastEnrollment'): DealerField[] {
  return DEALER_FIELDS.filter((field) => DEALER_ENTRY_FIELDS[field].lookup === source)
}

/** A blank dealer entry's stored fields. */
export function emptyStoredDealerEntry(): StoredDealerEntry {
  return Object.fromEntries(
    DEALER_FIELDS.map((field) => [field, DEALER_ENTRY_FIELDS[field].empty]),
  ) as unknown as StoredDealerEntry
}

/**
 * What a row of an LMA enrollment stores of `entry`: the fields the LMA dealer table shows, the
 * others blank (or their fixed value: billing is through the LMA).
 */
export function toLmaRowEntry(entry: StoredDealerEntry): StoredDealerEntry {
  const row: Record<string, unknown> = { ...entry }
  for (const field of DEALER_FIELDS) {
    const onLmaRow = DEALER_ENTRY_FIELDS[field].onLmaRow
    if (onLmaRow !== 'kept') row[field] = onLmaRow
  }
  return row as unknown as StoredDealerEntry
}
