import type { AuditTrail } from '@shared/audit/audit-schema'
import { api } from '../../../lib/api-client'

/** A year's audit trail, newest first (docs/product.md#audit-trail). */
export function getAuditTrail(year: number, signal?: AbortSignal): Promise<AuditTrail> {
  return api.get<AuditTrail>(`/api/audit?year=${year}`, { signal })
}
