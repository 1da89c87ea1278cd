import { z } from 'zod'
import { STAFF_ROLES } from './staff-role.js'

/**
 * `GET /api/session`: who the ID token signs in and their role in the admin area, so the browser
 * can tell a signed-in user without one why they see nothing, say the role in the header and
 * leave out what the role may not do (docs/product.md#users).
 */
export const sessionSchema = z
  .object({
    username: z.string(),
    name: z.string(),
    role: z
      .enum(STAFF_ROLES)
      .nullable()
      .describe('Null: signed in, but no role in this program; every admin call answers 403.'),
    regions: z
      .array(z.string())
      .describe(
        'A regional manager’s regions, by name (the enrollments they see and act on); empty for every other role.',
      ),
  })
  .meta({ id: 'Session' })

export type Session = z.output<typeof sessionSchema>
