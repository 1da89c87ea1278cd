import { AppError } from '../http/app-error.js'

/** Refusals shared by the operations that change an enrollment's content. */

export const STALE_VERSION_MESSAGE =
  'This enrollment was changed by someone else after you opened it. Close it and open it again to see their changes.'

/** The representative's page is older than the enrollment: an administrator saved or acted since. */
export const STALE_AUTHORIZATION_MESSAGE =
  'The program office changed this enrollment after you opened this page. Your changes have not been saved: reload the page to see the enrollment as it is now, then authorize again.'

export const TYPE_CHANGE_MESSAGE = 'The type of an enrollment cannot be changed.'

/** A regional manager's Save Changes that names a region not theirs (docs/product.md#users). */
export function notYourRegionError(regions: readonly string[]): AppError {
  return AppError.badRequest('You can move an enrollment only to one of your regions.', {
    regionId: [
      regions.length > 0
        ? `Choose one of your regions: ${regions.join(', ')}.`
        : 'None of the program’s regions is yours.',
    ],
  })
}
