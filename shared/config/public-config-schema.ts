import { z } from 'zod'

const monthDay = z.object({ month: z.int().min(1).max(12), day: z.int().min(1).max(31) })

const supportContact = { email: z.string(), phone: z.string() }

/** What `GET /api/config` answers: everything the browser may know about the deployment. */
export const publicConfigSchema = z
  .object({
    brands: z.array(z.object({ key: z.string(), name: z.string() })),
    enrollmentYear: z.int(),
    enrollmentOpen: z.boolean(),
    programCalendar: z
      .object({ opens: monthDay, deadline: monthDay, closes: monthDay })
      .describe('The program’s calendar: it opens in the year before the program year.'),
    support: z.object(supportContact),
    itSupport: z.object({ name: z.string(), ...supportContact }),
    surveyUrl: z.string(),
    auth: z.object({
      clientId: z.string(),
      authority: z.string(),
      scopes: z.array(z.string()),
      redirectPath: z.string(),
      cacheLocation: z.literal('sessionStorage'),
    }),
  })
  .meta({ id: 'PublicConfig' })
