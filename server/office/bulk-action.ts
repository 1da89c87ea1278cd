import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import { refusalReason } from '../../shared/enrollment/status-rules.js'
import type { BulkOutcome } from '../../shared/office/office-limits.js'
import type { BulkResult } from '../../shared/office/office-schemas.js'
import type { Staff } from '../auth/auth-plugin.js'
import { approveEnrollment } from '../enrollment/approve-enrollment.js'
import { declineEnrollment } from '../enrollment/decline-enrollment.js'
import { NO_ENROLLMENT_MESSAGE, outsideRegions } from '../enrollment/enrollment-scope.js'
import { AppError } from '../http/app-error.js'
import type { OfficeContext } from './office-context.js'

export type BulkActionName = 'approve' | 'decline'

export type { BulkResult }

interface Logger {
  error(details: object, message: string): void
}

/**
 * Approve or Decline many enrollments in one request (docs/product.md#office-workflow). Each
 * enrollment goes through the single action (its own transaction, row lock, regions, status
 * rules, history, invoice and mails), one after the other so that invoice numbers follow the
 * selection's order. An enrollment the status rules refuse is skipped with their reason; one
 * that fails otherwise is reported and the rest go on.
 */
export async function runBulkAction(
  context: OfficeContext,
  action: BulkActionName,
  guids: string[],
  admin: Staff,
  options: { reason?: string; shareReason?: boolean; dryRun?: boolean; log: Logger },
): Promise<BulkResult> {
  await refuseUnknown(context, guids, admin.scope)
  if (options.dryRun) return preview(context, action, guids, admin.scope)
  const results: BulkResult['results'] = []
  for (const guid of guids) {
    try {
      const after =
        action === 'approve'
          ? await approveEnrollment(context, guid, admin)
          : await declineEnrollment(context, guid, admin, {
              reason: options.reason,
              shareReason: options.shareReason,
            })
      results.push({ guid, outcome: 'done', status: after.status, reason: null })
    } catch (error) {
      if (error instanceof AppError && error.status === 409) {
        results.push({ guid, outcome: 'skipped', status: null, reason: error.message })
      } else if (error instanceof AppError && error.status === 404) {
        // Deleted by someone else after the request was checked, or moved out of the regional
        // manager's regions: its own transaction checked again under its row lock.
        results.push({ guid, outcome: 'failed', status: null, reason: error.message })
      } else {
        options.log.error({ err: error, guid, action }, 'A bulk action failed for one enrollment')
        results.push({
          guid,
          outcome: 'failed',
          status: null,
          reason: 'It could not be changed; try it again on its own.',
        })
      }
    }
  }
  const result = summed(results)
  // Each enrollment's change commits in its own transaction (with its history entry); the bulk
  // action's entry follows them and counts the ones done. One that changed nothing leaves none.
  if (result.done > 0) {
    await context.audit.record({
      actor: admin.username,
      action: action === 'approve' ? 'bulk-approve' : 'bulk-decline',
      year: context.config.ENROLLMENT_YEAR,
      filters:
        action === 'approve'
          ? { selected: guids.length }
          : {
              selected: guids.length,
              reason: Boolean(options.reason?.trim()),
              shareReason: options.shareReason ?? false,
            },
      rows: result.done,
    })
  }
  return result
}

function summed(results: BulkResult['results']): BulkResult {
  const count = (outcome: BulkOutcome) => results.filter((each) => each.outcome === outcome).length
  return { done: count('done'), skipped: count('skipped'), failed: count('failed'), results }
}

/**
 * What the action would do, by the same status rules the action applies, read in one query:
 * `done` for each enrollment it would change, `skipped` with the reason for the others. The
 * confirmation in the list states these counts; the action itself decides again under each
 * row's lock.
 */
async function preview(
  context: OfficeContext,
  action: BulkActionName,
  guids: string[],
  scope: EnrollmentScope,
): Promise<BulkResult> {
  const rows = await context.enrollments.statusFacts(guids, scope)
  const byGuid = new Map(rows.map((row) => [row.guid, row]))
  return summed(
    guids.map((guid) => {
      const row = byGuid.get(guid)
      const reason = row
        ? refusalReason(action, {
            type: row.type,
            status: row.status,
            dealers: row.billing ? [{ billing: row.billing as 'None' }] : [],
            year: row.year,
            currentYear: context.config.ENROLLMENT_YEAR,
          })
        : NO_ENROLLMENT_MESSAGE
      return reason
        ? { guid, outcome: row ? 'skipped' : 'failed', status: null, reason }
        : { guid, outcome: 'done', status: row?.status ?? null, reason: null }
    }),
  )
}

/**
 * A request naming an enrollment that does not exist, or (a regional manager's) one outside the
 * user's regions, changes nothing: 400, naming them. A regional manager is told the same of
 * both, so the answer does not say whether another region's enrollment exists.
 */
async function refuseUnknown(
  context: OfficeContext,
  guids: string[],
  scope: EnrollmentScope,
): Promise<void> {
  const known = await context.enrollments.existing(guids, scope)
  const unknown = guids.filter((guid) => !known.has(guid))
  if (unknown.length === 0) return
  if (scope.all) {
    throw AppError.badRequest(
      unknown.length === 1
        ? 'One selected enrollment does not exist; nothing was changed.'
        : `${unknown.length} selected enrollments do not exist; nothing was changed.`,
      { guids: unknown.map((guid) => `There is no enrollment with the id ${guid}.`) },
    )
  }
  throw outsideRegions(unknown, 'nothing was changed')
}
