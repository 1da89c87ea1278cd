import { inScope } from '../../shared/auth/staff-role.js'
import { HISPANIC_FIGURES, KIT_SIZE_FIGURES } from '../../shared/dashboard/dashboard-figures.js'
import type { Dashboard } from '../../shared/dashboard/dashboard-schema.js'
import { ENROLLMENT_STATUSES, ENROLLMENT_TYPES } from '../../shared/domain/enrollment-choices.js'
import { WAITING_DAYS } from '../../shared/domain/waiting-days.js'
import { centsToDollars } from '../../shared/enrollment/pricing.js'
import { type ProgramCalendar, programDay } from '../../shared/enrollment/program-dates.js'
import { coveredDealers, orderedKits } from '../../shared/enrollment/program-figures.js'
import { programToday } from '../../shared/invoice/invoice.js'
import type { Region } from '../../shared/region/region.js'
import { eventCode } from '../../shared/shipping/shipping-schema.js'
import { KIT_FIGURES } from '../db/kit-figures.js'
import type { DashboardRepository, DashboardScope, InvoiceAmounts } from './dashboard-repository.js'

export const NO_REGION = 'No region'

export interface DashboardContext {
  dashboard: DashboardRepository
  regions: { list(): Promise<Region[]> }
  calendar: ProgramCalendar
}

/**
 * The dashboard of a year (docs/product.md#dashboard). Last year's figures are taken at the same
 * day of its program, by the program's calendar (never past its close), whatever the brand.
 * Every figure counts the enrollments of the scope only: a regional manager's regions.
 */
export async function findDashboard(
  context: DashboardContext,
  scope: DashboardScope,
  now: Date = new Date(),
): Promise<Dashboard> {
  const { dashboard } = context
  const position = programDay(context.calendar, scope.year, now)
  const cutoff = position.sameDayLastYear
  const compared = { ...scope, cutoff }
  const starts = await dashboard.programStarts(scope)
  const [groups, invoiced, weekly, waiting, regions, shipping] = await Promise.all([
    dashboard.enrollmentGroups(compared),
    dashboard.invoiceAmounts(compared, programToday(now)),
    dashboard.weeklySubmissions(scope, starts),
    dashboard.waitingAuthorizations(scope, WAITING_DAYS, now),
    context.regions.list(),
    dashboard.eventShipping(scope, programToday(now)),
  ])
  // One pass over the groups (a year of 10,000 enrollments gives about a thousand), each figure
  // a pair of counters: [this year, last year].
  const figure = () => [0, 0] as [number, number]
  const tally = <K>(map: Map<K, [number, number]>, key: K, side: 0 | 1, value: number) => {
    let pair = map.get(key)
    if (!pair) {
      pair = figure()
      map.set(key, pair)
    }
    pair[side] += value
  }
  const byStatus = new Map<string, [number, number]>()
  const byType = new Map<string, [number, number]>()
  const dealerKits = new Map<string, [number, number]>()
  const byRegion = new Map<string, [number, number]>()
  const dealersCovered = figure()
  const kitsOrdered = figure()
  const pending = figure()
  const regionName = new Map(regions.map((region) => [region.id, region.name]))
  for (const group of groups) {
    const side = group.year === scope.year ? 0 : group.year === scope.year - 1 ? 1 : undefined
    if (side === undefined) continue
    tally(byStatus, group.status, side, group.enrollments)
    tally(byType, group.type, side, group.enrollments)
    dealersCovered[side] += coveredDealers(group.status, group.rows)
    if (group.status === 'Approving' && group.type === 'Lma') pending[side] += group.amountCents
    let ordering = 0
    for (const kit of KIT_FIGURES) {
      // What the row is billed to (not None) does not change what it orders.
      const kits = orderedKits(group.status, { ...kit, billing: 'ImrFunds' })
      const rows = kits === 0 ? 0 : group.ordering[kit.key]
      if (rows === 0) continue
      ordering += rows
      kitsOrdered[side] += rows * kits
      tally(dealerKits, kit.key, side, rows)
    }
    if (ordering > 0) {
      const region = (group.regionId !== null && regionName.get(group.regionId)) || NO_REGION
      tally(byRegion, region, side, ordering)
    }
  }
  const pairOf = (pair: [number, number] | undefined) => ({
    current: pair?.[0] ?? 0,
    previous: pair?.[1] ?? 0,
  })

  const money = (cents: (amounts: InvoiceAmounts) => number) => ({
    current: centsToDollars(cents(invoiced.current)),
    previous: centsToDollars(cents(invoiced.previous)),
  })

  const weeks = Math.max(0, ...weekly.map((entry) => entry.week))
  const weekCounts = new Map<string, number>()
  for (const entry of weekly) weekCounts.set(`${entry.year}/${entry.week}`, entry.count)
  const weekCount = (year: number, week: number) => weekCounts.get(`${year}/${week}`) ?? 0
  // A regional manager's chart has their regions' bars only (and never No region, which they
  // never see).
  const regionNames = [
    ...regions
      .filter((region) => inScope(scope.enrollmentScope, region.id))
      .map((region) => region.name),
    NO_REGION,
  ]

  return {
    year: scope.year,
    brand: scope.brand ?? null,
    dayOfProgram: position.day,
    programClosed: position.closed,
    comparedAt: cutoff?.toISOString() ?? null,
    byStatus: ENROLLMENT_STATUSES.map((status) => ({
      status,
      ...pairOf(byStatus.get(status)),
    })),
    byType: ENROLLMENT_TYPES.map((type) => ({ type, ...pairOf(byType.get(type)) })),
    dealersCovered: pairOf(dealersCovered),
    kitsOrdered: pairOf(kitsOrdered),
    dealersByKit: KIT_SIZE_FIGURES.flatMap((kitSize) =>
      HISPANIC_FIGURES.map((hispanic) => ({
        kitSize,
        hispanic,
        ...pairOf(dealerKits.get(`${kitSize}/${hispanic}`)),
      })),
    ),
    invoiced: money((amounts) => amounts.invoiced),
    paid: money((amounts) => amounts.paid),
    unpaid: money((amounts) => amounts.invoiced - amounts.paid - amounts.overdue),
    overdue: money((amounts) => amounts.overdue),
    pendingApproval: {
      current: centsToDollars(pending[0]),
      previous: centsToDollars(pending[1]),
    },
    weekly: Array.from({ length: weeks }, (_, index) => ({
      week: index + 1,
      current: weekCount(scope.year, index + 1),
      previous: weekCount(scope.year - 1, index + 1),
    })),
    dealersByRegion: regionNames
      .map((region) => ({ region, ...pairOf(byRegion.get(region)) }))
      .filter((entry) => entry.region !== NO_REGION || entry.current + entry.previous > 0),
    waitingAuthorizations: waiting,
    shipping: shipping.map((event) => ({
      brand: event.brand,
      code: eventCode(event),
      name: event.name,
      shipBy: event.shipBy,
      released: event.released,
      toShip: event.toShip,
      shipped: event.shipped,
      late: event.late,
    })),
  }
}
