import { z } from 'zod'

/**
 * The audit trail (docs/product.md#audit-trail): what the program office did to many rows at
 * once or took out of the application, and each run of the data retention's erasure. Single
 * actions on one enrollment stay in its history. Shipping's sales events, releases, tracking
 * uploads and corrections are here too (docs/product.md#shipping).
 */
export const AUDIT_ACTIONS = [
  'export',
  'list-export',
  'not-re-enrolled-export',
  'invoice-report',
  'audit-report',
  'bulk-approve',
  'bulk-decline',
  'invitations',
  'payment',
  'retention-erasure',
  'event-added',
  'event-changed',
  'event-removed',
  'manifest-release',
  'tracking-upload',
  'shipment-changed',
  'ship-to-changed',
] as const

export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** A filter's value as the request named it (no personal data beyond what the filter held). */
export const auditFilterValue = z.union([z.string(), z.number(), z.boolean(), z.null()])

export type AuditFilters = Record<string, z.infer<typeof auditFilterValue>>

export const auditEntrySchema = z.object({
  id: z.string().describe('The entry’s number, increasing.'),
  at: z.iso.datetime().describe('When it was done (ISO 8601, UTC).'),
  actor: z
    .string()
    .describe('The administrator’s username; for the data retention’s runs, Retention schedule.'),
  action: z.enum(AUDIT_ACTIONS),
  year: z.int().describe('The program year it concerns.'),
  filters: z
    .record(z.string(), auditFilterValue)
    .describe('The request’s filters and parameters, as it sent them.'),
  rows: z
    .int()
    .min(0)
    .describe('How many rows it sent or changed; for a retention run, the enrollments erased.'),
})

export type AuditEntry = z.infer<typeof auditEntrySchema>

/** `GET /api/audit?year=`: a year's trail, newest first. */
export const auditTrailSchema = z.object({
  year: z.int(),
  entries: z.array(auditEntrySchema),
})

export type AuditTrail = z.infer<typeof auditTrailSchema>
