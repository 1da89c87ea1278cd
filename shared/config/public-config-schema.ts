import { z } from 'zod'

const supportContact = { email: z.string(), phone: z.string() }

/** What `GET /api/config` answers: everything the browser may know about the deployment. */
export const publicConfigSchema = z
  .object({
    brands: z.array(z.object({ key: z.string(), name: z.string() })),
    enrollmentYear: z.int(),
    enrollmentOpen: z.boolean(),
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
