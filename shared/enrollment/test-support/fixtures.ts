import type { DealerEntry, Enrollment, LmaRecord } from '../enrollment.js'

/** A dealer entry that passes the full variant. */
export function validDealerEntry(overrides: Partial<DealerEntry> = {}): DealerEntry {
  return {
    bac: '123456',
    name: 'Main Street Chevrolet',
    address: '1 Main Street',
    city: 'Springfield',
    state: 'IL',
    postal: '62701',
    country: 'USA',
    authName: 'Pat Dealer',
    authTitle: 'General Manager',
    authEmailAddress: 'pat@example.com',
    authPhoneNumber: '217-555-1234',
    authFaxNumber: '',
    kitSize: 'Large',
    hispanic: 'No',
    billing: 'ImrFunds',
    simple: false,
    ...overrides,
  }
}

/** A row of the LMA dealer table that passes the simple variant. */
export function validLmaRow(bac: string, overrides: Partial<DealerEntry> = {}): DealerEntry {
  return validDealerEntry({
    bac,
    name: `Dealer ${bac}`,
    address: '',
    city: '',
    state: '',
    postal: '',
    authName: '',
    authTitle: '',
    authEmailAddress: '',
    authPhoneNumber: '',
    kitSize: 'Small',
    hispanic: 'Yes',
    billing: 'Lma',
    simple: true,
    ...overrides,
  })
}

/** An LMA record that passes. */
export function validLmaRecord(overrides: Partial<LmaRecord> = {}): LmaRecord {
  return {
    name: 'Chicagoland Chevy Dealers',
    contact: 'Chris Contact',
    address: '200 Lake Shore Drive',
    city: 'Chicago',
    state: 'IL',
    postal: '60601',
    country: 'USA',
    previousName: '',
    nameChanged: false,
    emailAddress: 'billing@example.com',
    phoneNumber: '312-555-0100',
    agencyName: 'Agency of Record Inc.',
    authName: 'Robin Rep',
    authTitle: 'President',
    authEmailAddress: 'robin@example.com',
    authPhoneNumber: '312-555-0101',
    authFaxNumber: '312-555-0102',
    type: 'Turnkey',
    ...overrides,
  }
}

export function validDealerEnrollment(overrides: Partial<Enrollment> = {}): Enrollment {
  return {
    status: '',
    type: 'Dealer',
    brand: 'chevy',
    year: 2025,
    guid: '',
    regionId: 1,
    lma: null,
    dealers: [validDealerEntry()],
    ...overrides,
  }
}

export function validLmaEnrollment(overrides: Partial<Enrollment> = {}): Enrollment {
  return {
    status: '',
    type: 'Lma',
    brand: 'chevy',
    year: 2025,
    guid: '',
    regionId: 1,
    lma: validLmaRecord(),
    dealers: [validLmaRow('100001'), validLmaRow('100002')],
    ...overrides,
  }
}

/** `count` distinct LMA rows. */
export function lmaRows(count: number): DealerEntry[] {
  return Array.from({ length: count }, (_, i) => validLmaRow(String(100000 + i)))
}

/** A string of `length` characters. */
export function chars(length: number, char = 'x'): string {
  return char.repeat(length)
}
