/** Refusals shared by the operations that change an enrollment's content. */

export const STALE_VERSION_MESSAGE =
  'This enrollment was changed by someone else after you opened it. Close it and open it again to see their changes.'

/** The representative's page is older than the enrollment: an administrator saved or acted since. */
export const STALE_AUTHORIZATION_MESSAGE =
  'The program office changed this enrollment after you opened this page. Your changes have not been saved: reload the page to see the enrollment as it is now, then authorize again.'

export const TYPE_CHANGE_MESSAGE = 'The type of an enrollment cannot be changed.'
