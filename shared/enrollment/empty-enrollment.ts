import {
  DEFAULT_COUNTRY,
  type DealerEntry,
  type Enrollment,
  type EnrollmentType,
  type LmaRecord,
} from './enrollment.js'

/** A blank dealer entry: every text '', country USA, not simple. */
export function emptyDealerEntry(overrides: Partial<DealerEntry> = {}): DealerEntry {
  return {
    bac: '',
    name: '',
    address: '',
    city: '',
    state: '',
    postal: '',
    country: DEFAULT_COUNTRY,
    authName: '',
    authTitle: '',
    authEmailAddress: '',
    authPhoneNumber: '',
    authFaxNumber: '',
    kitSize: '',
    hispanic: '',
    billing: '',
    simple: false,
    ...overrides,
  }
}

/** A blank row of the LMA dealer table: simple, billed through the LMA. */
export function emptyLmaDealerRow(): DealerEntry {
  return emptyDealerEntry({ simple: true, billing: 'Lma' })
}

/** A blank LMA record: every text '', country USA, name not changed. */
export function emptyLmaRecord(): LmaRecord {
  return {
    name: '',
    contact: '',
    address: '',
    city: '',
    state: '',
    postal: '',
    country: DEFAULT_COUNTRY,
    previousName: '',
    nameChanged: false,
    emailAddress: '',
    phoneNumber: '',
    agencyName: '',
    authName: '',
    authTitle: '',
    authEmailAddress: '',
    authPhoneNumber: '',
    authFaxNumber: '',
    type: '',
  }
}

/** The blank enrollment a form starts from (SPEC.md §3). */
export function newEnrollment(init: {
  type: EnrollmentType
  brand: string
  year: number
}): Enrollment {
  const base = { status: '', guid: '', regionId: null, ...init } as const
  if (init.type === 'Dealer') return { ...base, lma: null, dealers: [emptyDealerEntry()] }
  return { ...base, lma: emptyLmaRecord(), dealers: [emptyLmaDealerRow()] }
}
