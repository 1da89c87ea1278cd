import * as z from 'zod/mini'
import { LMA_TYPES } from '../domain/enrollment-choices.js'
import { addressShape, authorizationShape } from './contact-shapes.js'
import type { LmaRecord } from './enrollment.js'
import { MAX_LENGTH } from './field-limits.js'
import {
  EMAIL_PATTERN,
  flag,
  optionalText,
  PHONE_PATTERN,
  pattern,
  requiredChoice,
  requiredText,
} from './text-fields.js'
import { MESSAGES } from './validation-messages.js'

const lmaObject = z.object(
  {
    name: requiredText(MESSAGES.lmaNameRequired, MAX_LENGTH.lmaName),
    contact: requiredText(MESSAGES.contactRequired, MAX_LENGTH.contact),
    ...addressShape,
    previousName: optionalText(MESSAGES.previousNameRequired, MAX_LENGTH.previousLmaName),
    nameChanged: flag(),
    emailAddress: requiredText(
      MESSAGES.emailRequired,
      MAX_LENGTH.emailAddress,
      pattern(EMAIL_PATTERN, MESSAGES.emailInvalid),
    ),
    phoneNumber: requiredText(
      MESSAGES.phoneRequired,
      MAX_LENGTH.phoneNumber,
      pattern(PHONE_PATTERN, MESSAGES.phoneInvalid),
    ),
    agencyName: requiredText(MESSAGES.agencyNameRequired, MAX_LENGTH.agencyName),
    ...authorizationShape,
    type: requiredChoice(LMA_TYPES, MESSAGES.lmaTypeInvalid),
  },
  { error: MESSAGES.lmaRequired },
)

/**
 * The previous name is required only when the name changed; like the dealer's kit choices it is
 * checked by a rule that runs even when other fields failed, so every error shows at once.
 */
const previousNameRequired = z.check<z.output<typeof lmaObject>>(
  (payload) => {
    const lma = payload.value
    if (lma.nameChanged === true && lma.previousName === '') {
      payload.issues.push({
        code: 'custom',
        path: ['previousName'],
        message: MESSAGES.previousNameRequired,
        input: lma.previousName,
      })
    }
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
)

/** The LMA record rules (docs/product.md#lma-checks). A missing or non-object value: 'LMA is required.' */
export const lmaSchema: z.ZodMiniType<LmaRecord> = lmaObject.check(previousNameRequired)
