import * as z from 'zod/mini'
import { DEFAULT_COUNTRY, US_STATES } from '../domain/enrollment-choices.js'
import { MAX_LENGTH } from './field-limits.js'
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

/** The authorization fields, shared by dealers and the LMA's authorized representative (docs/product.md#dealer-form-checks). */
export const authorizationShape = {
  authName: requiredText(MESSAGES.fullNameRequired, MAX_LENGTH.authName),
  authTitle: requiredText(MESSAGES.titleRequired, MAX_LENGTH.authTitle),
  authEmailAddress: requiredText(
    MESSAGES.emailInvalid,
    MAX_LENGTH.authEmailAddress,
    pattern(EMAIL_PATTERN, MESSAGES.emailInvalid),
  ),
  authPhoneNumber: requiredText(
    MESSAGES.phoneInvalid,
    MAX_LENGTH.authPhoneNumber,
    pattern(PHONE_PATTERN, MESSAGES.phoneInvalid),
  ),
  authFaxNumber: optionalText(
    MESSAGES.phoneInvalid,
    MAX_LENGTH.authPhoneNumber,
    pattern(PHONE_PATTERN, MESSAGES.phoneInvalid),
  ),
}

/** Shared by dealers and LMAs (docs/product.md#dealer-form-checks); the state code is upper-cased. */
export const addressShape = {
  address: requiredText(MESSAGES.addressRequired, MAX_LENGTH.address),
  city: requiredText(MESSAGES.cityRequired, MAX_LENGTH.city),
  state: z.pipe(
    z.pipe(
      text(MESSAGES.stateInvalid),
      z.transform((state: string) => state.toUpperCase()),
    ),
    z.enum(US_STATES, { error: MESSAGES.stateInvalid }),
  ),
  postal: requiredText(
    MESSAGES.postalRequired,
    MAX_LENGTH.postal,
    pattern(ZIP_PATTERN, MESSAGES.postalInvalid),
  ),
  /** Not on the forms; blank becomes USA. */
  country: z.pipe(
    boundedText(MAX_LENGTH.country),
    z.transform((country: string) => country || DEFAULT_COUNTRY),
  ),
}
