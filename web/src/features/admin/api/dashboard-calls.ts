import type { Dashboard } from '@shared/dashboard/dashboard-schema'
import { call } from '../../../lib/api-client'
import { type ProgramFilters, programQuery } from '../program-office/program-filters'

export function getDashboard(filters: ProgramFilters, signal?: AbortSignal): Promise<Dashboard> {
  return call('GET /api/dashboard', { query: new URLSearchParams(programQuery(filters)), signal })
}
