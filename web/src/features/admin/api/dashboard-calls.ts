import type { Dashboard } from '@shared/dashboard/dashboard-schema'
import { api } from '../../../lib/api-client'
import { type ProgramFilters, programQuery } from '../program-office/program-filters'

export function getDashboard(filters: ProgramFilters, signal?: AbortSignal): Promise<Dashboard> {
  return api.get<Dashboard>(`/api/dashboard?${programQuery(filters)}`, { signal })
}
