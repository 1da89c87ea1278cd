/** The messages of docs/product.md#validation, shown by the browser and returned by the server in a 400. */
export const MESSAGES = {
  bacRequired: 'BAC is required.',
  // A BAC is letters and digits (hyphens allowed).
  bacInvalid: 'BAC may contain only letters, digits and hyphens.',
  dealerNameRequired: 'Dealer name is required.',
  kitSizeRequired: 'Please select a kit size.',
  hispanicRequired: 'Please select a hispanic option.',
  addressRequired: 'Address is required.',
  cityRequired: 'City is required.',
  stateInvalid: 'State is not valid.',
  postalRequired: 'Zip code is required.',
  postalInvalid: 'Zip code is not valid.',
  billingRequired: 'Please select a billing preference.',
  fullNameRequired: 'Full name is required.',
  titleRequired: 'Title is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Email is not valid.',
  phoneRequired: 'Phone number is required.',
  phoneInvalid: 'Phone number is not valid.',
  lmaNameRequired: 'LMA name is required.',
  contactRequired: 'Contact name is required.',
  agencyNameRequired: 'Agency name is required.',
  previousNameRequired: 'Previous LMA name is required.',
  lmaTypeInvalid: 'LMA type is not valid.',
  regionRequired: 'Region is required.',
  regionInvalid: 'Region is not valid.',
  lmaRequired: 'LMA is required.',
  duplicateBac: 'This BAC is listed more than once.',
  // Only a hand-made request can trigger these.
  enrollmentInvalid: 'Enrollment is not valid.',
  typeInvalid: 'Enrollment type is not valid.',
  brandRequired: 'Brand is required.',
  yearInvalid: 'Year is not valid.',
  versionInvalid: 'Version is not valid.',
  dealerEntryInvalid: 'Dealer information is not valid.',
  dealerCountDealer: 'A dealer enrollment holds exactly one dealer.',
  dealersRequired: 'At least one dealer is required.',
  invalidCharacters: 'Must not contain control characters or broken Unicode.',
} as const

/** docs/product.md#how-the-forms-check: 'Must be <= {max} characters.' */
export function lengthMessage(max: number): string {
  return `Must be <= ${max} characters.`
}

/** The message for an LMA dealer list longer than `max` rows. */
export function tooManyDealersMessage(max: number): string {
  return `At most ${max} dealers can be enrolled at once.`
}
