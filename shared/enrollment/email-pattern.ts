import { regexes } from 'zod/mini'

/**
 * Zod's practical email pattern, the one every address field is checked against. A module of
 * its own, so that a page which only tests an address (a form's save-and-continue button) loads
 * the pattern without the schemas in text-fields.ts.
 */
export const EMAIL_PATTERN: RegExp = regexes.email
