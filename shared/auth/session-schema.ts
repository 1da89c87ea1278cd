import { z } from 'zod'

/**
 * `GET /api/session`: who the ID token signs in and whether they may use the admin area, so the
 * browser can tell a signed-in user who is not an administrator why they see nothing
 * (docs/product.md#admin-area).
 */
export const sessionSchema = z
  .object({
    username: z.string(),
    name: z.string(),
    administrator: z.boolean().describe('False: every admin call answers 403.'),
  })
  .meta({ id: 'Session' })

export type Session = z.output<typeof sessionSchema>
