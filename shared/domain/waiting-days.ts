/**
 * The waits the program counts an authorization by (docs/product.md#dashboard): the dashboard
 * counts the LMA enrollments waiting for their representative longer than each of these numbers of
 * days, and the list's Waiting filter keeps the enrollments of each figure.
 */
export const WAITING_DAYS = [7, 14, 30] as const
