import type { AuditTrail } from '@shared/audit/audit-schema'
import { call } from '../../../lib/api-client'

/** A year's audit trail, newest first (docs/product.md#audit-trail). */
export function getAuditTrail(year: number, signal?: AbortSignal): Promise<AuditTrail> {
  return call('GET /api/audit', { query: { year: String(year) }, signal })
}
