import {
  type Dashboard,
  HISPANIC_FIGURES,
  KIT_SIZE_FIGURES,
  WAITING_DAYS,
} from '../../shared/dashboard/dashboard-schema.js'
import {
  ENROLLMENT_STATUSES,
  ENROLLMENT_TYPES,
  type HispanicOption,
  type KitSize,
} from '../../shared/enrollment/enrollment.js'
import { centsToDollars, dealerRowCostCents, rowKits } from '../../shared/enrollment/pricing.js'
import type { Region } from '../../shared/region/region.js'
import type { DashboardRepository, DashboardScope, DealerRowGroup } from './dashboard-repository.js'

const DAY_MS = 24 * 3600 * 1000
export const NO_REGION = 'No region'

export interface DashboardContext {
  dashboard: DashboardRepository
  regions: { list(): Promise<Region[]> }
}

/**
 * The dashboard of a year (docs/product.md#dashboard). Last year's figures are taken at the same
 * day of its program: as many days after its first submission as `now` is after this year's.
 */
export async function findDashboard(
  context: DashboardContext,
  scope: DashboardScope,
  now: Date = new Date(),
): Promise<Dashboard> {
  const { dashboard } = context
  const starts = await dashboard.programStarts(scope)
  const elapsed = starts.current ? now.getTime() - starts.current.getTime() : null
  const cutoff =
    elapsed !== null && starts.previous ? new Date(starts.previous.getTime() + elapsed) : null
  const compared = { ...scope, cutoff }
  const [groups, invoiced, weekly, waiting, regions] = await Promise.all([
    dashboard.dealerRowGroups(compared),
    dashboard.invoicedCents(compared),
    dashboard.weeklySubmissions(scope, starts),
    dashboard.waitingAuthorizations(scope, WAITING_DAYS),
    context.regions.list(),
  ])
  const sum = (
    filter: (group: DealerRowGroup) => boolean,
    value: (group: DealerRowGroup) => number,
  ) => {
    const total = (year: number) =>
      groups
        .filter((group) => group.year === year && filter(group))
        .reduce((n, g) => n + value(g), 0)
    return { current: total(scope.year), previous: total(scope.year - 1) }
  }
  const enrollments = (group: DealerRowGroup) => group.enrollments
  const rows = (group: DealerRowGroup) => group.rows
  const orders = (group: DealerRowGroup) =>
    group.status !== 'Declined' && group.rows > 0 && Object.keys(rowKits(priced(group))).length > 0

  const weeks = Math.max(0, ...weekly.map((entry) => entry.week))
  const weekCount = (year: number, week: number) =>
    weekly.find((entry) => entry.year === year && entry.week === week)?.count ?? 0
  const regionName = new Map(regions.map((region) => [region.id, region.name]))
  const regionOf = (group: DealerRowGroup) =>
    (group.regionId !== null && regionName.get(group.regionId)) || NO_REGION
  const regionNames = [...regions.map((region) => region.name), NO_REGION]
  const pending = sum(
    (group) => group.status === 'Approving' && group.type === 'Lma',
    (group) => group.rows * dealerRowCostCents(priced(group)),
  )

  return {
    year: scope.year,
    brand: scope.brand ?? null,
    dayOfProgram: elapsed === null ? null : Math.floor(elapsed / DAY_MS),
    comparedAt: cutoff?.toISOString() ?? null,
    byStatus: ENROLLMENT_STATUSES.map((status) => ({
      status,
      ...sum((group) => group.status === status, enrollments),
    })),
    byType: ENROLLMENT_TYPES.map((type) => ({
      type,
      ...sum((group) => group.type === type, enrollments),
    })),
    dealersCovered: sum((group) => group.status !== 'Declined', rows),
    kits: KIT_SIZE_FIGURES.flatMap((kitSize) =>
      HISPANIC_FIGURES.map((hispanic) => ({
        kitSize,
        hispanic,
        ...sum(
          (group) => orders(group) && group.kitSize === kitSize && group.hispanic === hispanic,
          rows,
        ),
      })),
    ),
    invoiced: {
      current: centsToDollars(invoiced.current),
      previous: centsToDollars(invoiced.previous),
    },
    pendingApproval: {
      current: centsToDollars(pending.current),
      previous: centsToDollars(pending.previous),
    },
    weekly: Array.from({ length: weeks }, (_, index) => ({
      week: index + 1,
      current: weekCount(scope.year, index + 1),
      previous: weekCount(scope.year - 1, index + 1),
    })),
    kitsByRegion: regionNames
      .map((region) => ({
        region,
        ...sum((group) => orders(group) && regionOf(group) === region, rows),
      }))
      .filter((entry) => entry.region !== NO_REGION || entry.current + entry.previous > 0),
    waitingAuthorizations: waiting,
  }
}

function priced(group: DealerRowGroup) {
  return {
    kitSize: (group.kitSize ?? 'None') as KitSize,
    hispanic: (group.hispanic ?? 'None') as HispanicOption,
    billing: (group.billing ?? 'None') as 'Lma',
  }
}
