import type { z } from 'zod'
import type { publicConfigSchema } from './public-config-schema.js'

/** What `GET /api/config` answers: everything the browser may know about the deployment. */
export type PublicConfig = z.output<typeof publicConfigSchema>
export type Brand = PublicConfig['brands'][number]
export type SignInSettings = PublicConfig['auth']
export type SupportContact = PublicConfig['support']
