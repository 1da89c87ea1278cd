import * as z from 'zod/mini'
import { DEFAULT_COUNTRY, US_STATES } from './enrollment.js'
import {
  boundedText,
  EMAIL_PATTERN,
  optionalText,
  PHONE_PATTERN,
  pattern,
  requiredText,
  text,
  ZIP_PATTERN,
} from './text-fields.js'
import { MESSAGES } from './validation-messages.js'

/** Not a form field, but stored and exported: bounded like the other address fields. */
export const MAX_COUNTRY_LENGTH = 100

/** The authorization fields, shared by dealers and the LMA's authorized representative (SPEC.md §5). */
export const authorizationShape = {
  authName: requiredText(MESSAGES.fullNameRequired, 50),
  authTitle: requiredText(MESSAGES.titleRequired, 50),
  authEmailAddress: requiredText(
    MESSAGES.emailInvalid,
    100,
    pattern(EMAIL_PATTERN, MESSAGES.emailInvalid),
  ),
  authPhoneNumber: requiredText(
    MESSAGES.phoneInvalid,
    15,
    pattern(PHONE_PATTERN, MESSAGES.phoneInvalid),
  ),
  authFaxNumber: optionalText(
    MESSAGES.phoneInvalid,
    15,
    pattern(PHONE_PATTERN, MESSAGES.phoneInvalid),
  ),
}

/** Shared by dealers and LMAs (SPEC.md §5); the state code is upper-cased. */
export const addressShape = {
  address: requiredText(MESSAGES.addressRequired, 100),
  city: requiredText(MESSAGES.cityRequired, 100),
  state: z.pipe(
    z.pipe(
      text(MESSAGES.stateInvalid),
      z.transform((state: string) => state.toUpperCase()),
    ),
    z.enum(US_STATES, { error: MESSAGES.stateInvalid }),
  ),
  postal: requiredText(MESSAGES.postalRequired, 10, pattern(ZIP_PATTERN, MESSAGES.postalInvalid)),
  /** Not on the forms; blank becomes USA. */
  country: z.pipe(
    boundedText(MAX_COUNTRY_LENGTH),
    z.transform((country: string) => country || DEFAULT_COUNTRY),
  ),
}
