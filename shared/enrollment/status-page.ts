/**
 * The enrollee's status page's fixed parts, without zod, so that the page's chunk carries no
 * schema code (the schemas are status-page-schema.ts). The timeline's steps are
 * shared/domain/timeline-events.ts.
 */

/** The one answer to a "Lost the mail?" request, whether or not the address is known. */
export const LOST_LINK_ANSWER =
  'If this address belongs to an enrollment of this year, we have sent it the links to its status pages. The mail may take a few minutes to arrive.'
