/**
 * The invitations' rules, without zod, so that the not-re-enrolled list's words
 * (invitation-words.ts) carry no schema code into the browser's chunks.
 */

/** An enrollment is invited at most once in this many hours. */
export const INVITATION_PAUSE_HOURS = 24

/** Why a selected enrollment was not invited, each with how many. */
export const NOT_SENT_REASONS = ['invitedRecently', 'notListed', 'noAddress', 'demo'] as const
export type NotSentReason = (typeof NOT_SENT_REASONS)[number]
