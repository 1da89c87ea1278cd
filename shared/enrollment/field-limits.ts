/**
 * The longest value each text field of the forms takes, in characters: the schemas refuse a
 * longer one with 'Must be <= {max} characters.'. The forms' inputs take longer text as it is
 * typed or pasted and show that message on submit, so nothing is cut off unseen. Phone and zip
 * inputs are masked to their pattern.
 */
export const MAX_LENGTH = {
  /** A BAC on the dealer form of a new enrollment. */
  bacNew: 20,
  /** A BAC on the dealer form of a stored enrollment (an administrator's edit). */
  bacEdit: 100,
  /** A BAC in a row of the LMA dealer table. */
  bacLmaRow: 25,
  dealerName: 100,
  address: 100,
  city: 100,
  postal: 10,
  /** Not on the forms, but stored and exported. */
  country: 100,
  authName: 50,
  authTitle: 50,
  authEmailAddress: 100,
  authPhoneNumber: 15,
  lmaName: 100,
  contact: 100,
  previousLmaName: 25,
  emailAddress: 100,
  phoneNumber: 100,
  agencyName: 100,
  /** A field of an LMA dealer row that is neither shown nor stored: kept only this long. */
  unshown: 100,
} as const
