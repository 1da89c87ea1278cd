import { DEFAULT_COUNTRY, type LmaType } from '../domain/enrollment-choices.js'

/** The LMA of an LMA enrollment, as the LMA form enters it (stored as one JSON value). */
export interface LmaRecord {
  name: string
  contact: string
  address: string
  city: string
  state: string
  postal: string
  country: string
  previousName: string
  nameChanged: boolean
  /** The invoice goes here. */
  emailAddress: string
  phoneNumber: string
  /** Agency of Record. */
  agencyName: string
  authName: string
  authTitle: string
  authEmailAddress: string
  authPhoneNumber: string
  authFaxNumber: string
  type: LmaType | ''
}

/** Everything the server and the forms need to know of one field of the LMA record. */
export interface LmaFieldDescription<Value> {
  /** A blank record's value. */
  empty: Value
  /** Whether the LMA name look-up fills it from the LMA's latest enrollment of an earlier year. */
  lookup: boolean
  /**
   * What data retention leaves of it once the enrollment's personal data is erased
   * (docs/security.md#data-retention): kept, or this value. Only the LMA's type and whether its
   * name changed are kept: they name no one.
   */
  retention: 'kept' | Value
  /** The Excel export's column (in the order of this description); a flag shows Yes or No. */
  export: { header: string; width: number }
}

/**
 * The one description of the LMA record's fields, in the export's column order. A blank record,
 * the history diff, the export columns and the LMA name look-up read it, so a new field of
 * `LmaRecord` is a compile error here first and then needs only its validation (the schema's
 * type no longer matches) and its input (web/src/features/enrollment/form-inputs.test.tsx fails
 * without it).
 */
export const LMA_RECORD_FIELDS = {
  name: {
    empty: '',
    lookup: true,
    retention: '',
    export: { header: 'LMA Name', width: 30 },
  },
  contact: {
    empty: '',
    lookup: true,
    retention: '',
    export: { header: 'LMA Contact', width: 20 },
  },
  address: {
    empty: '',
    lookup: true,
    retention: '',
    export: { header: 'LMA Address', width: 28 },
  },
  city: {
    empty: '',
    lookup: true,
    retention: '',
    export: { header: 'LMA City', width: 16 },
  },
  state: {
    empty: '',
    lookup: true,
    retention: '',
    export: { header: 'LMA State', width: 9 },
  },
  postal: {
    empty: '',
    lookup: true,
    retention: '',
    export: { header: 'LMA Zip', width: 10 },
  },
  country: {
    empty: DEFAULT_COUNTRY,
    lookup: true,
    retention: '',
    export: { header: 'LMA Country', width: 11 },
  },
  previousName: {
    empty: '',
    lookup: false,
    retention: '',
    export: { header: 'LMA Previous Name', width: 24 },
  },
  nameChanged: {
    empty: false,
    lookup: false,
    retention: 'kept',
    export: { header: 'LMA Name Changed', width: 10 },
  },
  emailAddress: {
    empty: '',
    lookup: true,
    retention: '',
    export: { header: 'LMA Email', width: 28 },
  },
  phoneNumber: {
    empty: '',
    lookup: true,
    retention: '',
    export: { header: 'LMA Phone', width: 15 },
  },
  agencyName: {
    empty: '',
    lookup: true,
    retention: '',
    export: { header: 'Agency of Record', width: 22 },
  },
  type: {
    empty: '',
    lookup: true,
    retention: 'kept',
    export: { header: 'LMA Type', width: 10 },
  },
  authName: {
    empty: '',
    lookup: true,
    retention: '',
    export: { header: 'LMA Authorized Rep Name', width: 22 },
  },
  authTitle: {
    empty: '',
    lookup: true,
    retention: '',
    export: { header: 'LMA Authorized Rep Title', width: 20 },
  },
  authEmailAddress: {
    empty: '',
    lookup: true,
    retention: '',
    export: { header: 'LMA Authorized Rep Email', width: 28 },
  },
  authPhoneNumber: {
    empty: '',
    lookup: true,
    retention: '',
    export: { header: 'LMA Authorized Rep Phone', width: 15 },
  },
  authFaxNumber: {
    empty: '',
    lookup: true,
    retention: '',
    export: { header: 'LMA Authorized Rep Fax', width: 15 },
  },
} as const satisfies { [Field in keyof LmaRecord]-?: LmaFieldDescription<LmaRecord[Field]> }

/** A described field: every field of `LmaRecord` (see the `satisfies` above). */
export type LmaField = keyof typeof LMA_RECORD_FIELDS

/** Every field of the LMA record, in the description's order. */
export const LMA_FIELDS = Object.keys(LMA_RECORD_FIELDS) as LmaField[]

type Fields = typeof LMA_RECORD_FIELDS

/** The fields the LMA name look-up fills. */
export type LookedUpLmaField = {
  [Field in LmaField]: Fields[Field]['lookup'] extends true ? Field : never
}[LmaField]

// Pure: the public pages, which never read it, leave it out of their bundle.
export const LOOKED_UP_LMA_FIELDS = /* @__PURE__ */ LMA_FIELDS.filter(
  (field) => LMA_RECORD_FIELDS[field].lookup,
) as LookedUpLmaField[]

/** A blank LMA record: every text '', country USA, name not changed. */
export function emptyLmaRecord(): LmaRecord {
  return Object.fromEntries(
    LMA_FIELDS.map((field) => [field, LMA_RECORD_FIELDS[field].empty]),
  ) as unknown as LmaRecord
}
