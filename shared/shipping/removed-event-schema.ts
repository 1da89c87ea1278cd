import { z } from 'zod'

/**
 * The answer of `DELETE /api/shipping/events/{guid}`: 204 and no body, described as the route
 * describes it (server/shipping/shipping-routes.ts), so that the browser's route table
 * (web/src/lib/api-routes.ts) can name it.
 */
export const removedEventSchema = z.never().optional().describe('Removed.')
