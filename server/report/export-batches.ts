import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { EnrollmentStatus, EnrollmentType } from '../../shared/domain/enrollment-choices.js'
import type { DealerEntry, LmaRecord } from '../../shared/enrollment/enrollment.js'
import type {
  EnrollmentCursor,
  EnrollmentExportRepository,
  ExportEnrollment,
} from './enrollment-export-repository.js'

/** One line of the export: a dealer row with its enrollment (dealer null for an enrollment without rows). */
export interface ExportRow {
  guid: string
  reference: string
  year: number
  brand: string
  type: EnrollmentType
  status: EnrollmentStatus
  regionName: string | null
  created: Date
  modified: Date
  lma: LmaRecord | null
  dealer: DealerEntry | null
  /** The internal notes, one a line: when, who, what. */
  notes: string | null
}

/** About this many lines per batch (more only when one enrollment alone has more rows). */
export const EXPORT_BATCH_ROWS = 1000
const MIN_PAGE = 8

/**
 * Every enrollment's dealer rows in report order, in batches of about `batchRows` lines: a page
 * of enrollments (keyset-paginated, so each query is short and nothing is held between batches)
 * cut where its dealer rows reach the budget, then those enrollments' rows by their index. Of
 * the scope's enrollments only: a regional manager's regions.
 */
export async function* exportBatches(
  repository: EnrollmentExportRepository,
  scope: EnrollmentScope,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<ExportRow[]> {
  let after: EnrollmentCursor | undefined
  // Enrollments to ask for: fewer after a page of big LMA enrollments, back up as they shrink.
  let pageSize = batchRows
  for (;;) {
    const page = await repository.enrollmentsAfter(after, pageSize, scope)
    const batch = withinBudget(page, batchRows)
    const last = batch[batch.length - 1]
    if (!last) return
    const { dealers, notes } = await repository.detailsOf(batch)
    yield batch.flatMap((enrollment) =>
      lines(enrollment, dealers.get(enrollment.id) ?? [], notes.get(enrollment.guid) ?? null),
    )
    if (batch.length === page.length && page.length < pageSize) return
    pageSize = Math.min(batchRows, Math.max(MIN_PAGE, batch.length * 2))
    after = { year: last.year, brand: last.brand, createdKey: last.createdKey, id: last.id }
  }
}

/** The first enrollments of the page whose lines fit the budget; always at least one. */
function withinBudget(page: ExportEnrollment[], budget: number): ExportEnrollment[] {
  let lines = 0
  let count = 0
  for (const enrollment of page) {
    lines += Math.max(1, Number(enrollment.dealerCount ?? 0))
    if (count > 0 && lines > budget) break
    count++
  }
  return page.slice(0, count)
}

function lines(
  enrollment: ExportEnrollment,
  dealers: DealerEntry[],
  notes: string | null,
): ExportRow[] {
  const common = {
    guid: enrollment.guid,
    reference: enrollment.reference,
    year: enrollment.year,
    brand: enrollment.brand,
    type: enrollment.type,
    status: enrollment.status,
    regionName: enrollment.regionName,
    created: new Date(enrollment.created),
    modified: new Date(enrollment.modified),
    lma: enrollment.lma,
    notes,
  }
  if (dealers.length === 0) return [{ ...common, dealer: null }]
  return dealers.map((dealer) => ({ ...common, dealer }))
}
