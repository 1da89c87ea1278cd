import type { DealerEntry, Enrollment, LmaRecord } from '../../shared/enrollment/enrollment.js'

let counter = 0
/** A BAC no other test file uses (files run in parallel on their own databases anyway). */
export function uniqueBac(): string {
  counter += 1
  return String(100000 + ((process.pid * 7919 + counter * 104729) % 899999))
}

export function dealerEntry(overrides: Partial<DealerEntry> = {}): DealerEntry {
  return {
    bac: uniqueBac(),
    name: 'Riverside Chevrolet',
    address: '100 Main Street',
    city: 'Springfield',
    state: 'IL',
    postal: '62701',
    country: 'USA',
    authName: 'Pat Dealer',
    authTitle: 'General Manager',
    authEmailAddress: 'pat@riverside.example',
    authPhoneNumber: '217-555-0100',
    authFaxNumber: '',
    kitSize: 'Large',
    hispanic: 'No',
    billing: 'ImrFunds',
    ...overrides,
  }
}

export function dealerEnrollment(
  overrides: Partial<DealerEntry> = {},
  enrollment: Partial<Enrollment> = {},
): Enrollment {
  return {
    status: '',
    type: 'Dealer',
    brand: 'chevy',
    year: 2025,
    guid: '',
    regionId: null,
    lma: null,
    dealers: [dealerEntry(overrides)],
    ...enrollment,
  }
}

export function lmaRecord(overrides: Partial<LmaRecord> = {}): LmaRecord {
  return {
    name: 'Greater Springfield Chevy Dealers',
    contact: 'Alex Agency',
    address: '200 Commerce Drive',
    city: 'Springfield',
    state: 'IL',
    postal: '62702',
    country: 'USA',
    previousName: '',
    nameChanged: false,
    emailAddress: 'billing@gscd.example',
    phoneNumber: '217-555-0110',
    agencyName: 'Prairie Media',
    authName: 'Robin Representative',
    authTitle: 'LMA President',
    authEmailAddress: 'robin@gscd.example',
    authPhoneNumber: '217-555-0120',
    authFaxNumber: '',
    type: 'Turnkey',
    ...overrides,
  }
}

export function lmaEnrollment(
  dealerCount = 3,
  lma: Partial<LmaRecord> = {},
  enrollment: Partial<Enrollment> = {},
): Enrollment {
  return {
    status: '',
    type: 'Lma',
    brand: 'chevy',
    year: 2025,
    guid: '',
    regionId: null,
    lma: lmaRecord(lma),
    dealers: Array.from({ length: dealerCount }, (_, index) => ({
      ...dealerEntry({
        name: `Member Dealer ${index + 1}`,
        kitSize: index % 2 ? 'Small' : 'Large',
        hispanic: 'Yes',
      }),
      billing: 'Lma' as const,
      simple: true,
    })),
    ...enrollment,
  }
}
