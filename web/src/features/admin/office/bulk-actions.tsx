import { countText, formatCount } from '@shared/format/number-text'
import { OFFICE_LIMITS } from '@shared/office/office-limits'
import { useState } from 'react'
import { useConfirm } from '../../../components/ui/confirm'
import { useToast } from '../../../components/ui/toast'
import { useChanged } from '../query/admin-changes'
import { useApprovalPrompt } from './approval-prompt'
import { type BulkResult, postBulkAction } from './office-calls'
import { useReasonPrompt } from './reason-prompt'

type BulkAction = 'approve' | 'decline'

const VERBS: Record<BulkAction, { label: string; past: string }> = {
  approve: { label: 'Approve', past: 'approved' },
  decline: { label: 'Decline', past: 'declined' },
}

/** A selection larger than one request takes goes in batches; the answers add up. */
export async function inBatches(
  action: BulkAction,
  guids: readonly string[],
  options: { reason?: string | undefined; shareReason?: boolean; dryRun?: boolean } = {},
): Promise<BulkResult> {
  const total: BulkResult = { done: 0, skipped: 0, failed: 0, results: [] }
  for (let start = 0; start < guids.length; start += OFFICE_LIMITS.bulkBatch) {
    const batch = guids.slice(start, start + OFFICE_LIMITS.bulkBatch)
    const answer = await postBulkAction(action, batch, options)
    total.done += answer.done
    total.skipped += answer.skipped
    total.failed += answer.failed
    total.results.push(...answer.results)
  }
  return total
}

const plural = (count: number, one: string, many = `${one}s`) => countText(count, one, many)

/** "2 will be skipped: already approved (1); ..." from a preview's reasons. */
export function skipSummary(result: BulkResult): string {
  const reasons = new Map<string, number>()
  for (const each of result.results) {
    if (each.outcome !== 'done' && each.reason) {
      reasons.set(each.reason, (reasons.get(each.reason) ?? 0) + 1)
    }
  }
  if (reasons.size === 0) return ''
  const parts = [...reasons].map(([reason, count]) => `${reason.replace(/\.$/, '')} (${count})`)
  return ` ${plural(result.skipped + result.failed, 'enrollment')} will be skipped: ${parts.join('; ')}.`
}

/** Why an enrollment still waiting for its representative was left out of a bulk Approve. */
export const LEFT_WAITING = 'Left out: still waiting for their representative (Authorizing).'

/** The id of the bulk result's message, which takes the focus once the result shows. */
export const BULK_RESULT_ID = 'bulk-result'

export interface BulkOutcomeReport {
  action: BulkAction
  result: BulkResult
}

/**
 * Approve and Decline for the selected rows (docs/product.md#office-workflow): a preview by the
 * server's status rules, one confirmation that says how many will change and how many will be
 * skipped and why (an Approve names those still waiting for their representative, and approving
 * them is a choice), then the action in batches and a report of what happened.
 */
export function BulkActions({
  selected,
  nameOf,
  onFinished,
}: {
  selected: readonly string[]
  nameOf(guid: string): string
  onFinished(report: BulkOutcomeReport): void
}) {
  const confirm = useConfirm()
  const toast = useToast()
  const [reasonPrompt, askReason] = useReasonPrompt()
  const [approvalPrompt, askApproval] = useApprovalPrompt()
  const changed = useChanged()
  const [busy, setBusy] = useState<BulkAction | null>(null)

  const run = async (action: BulkAction) => {
    const { label, past } = VERBS[action]
    setBusy(action)
    try {
      const preview = await inBatches(action, selected, { dryRun: true })
      if (preview.done === 0) {
        toast.error(`None of the selected enrollments can be ${past}.${skipSummary(preview)}`)
        return
      }
      const question = `${label} ${plural(preview.done, 'enrollment')}?${skipSummary(preview)}${
        action === 'approve'
          ? ' Each approval emails its confirmation (and an LMA its invoice).'
          : ' No email is sent.'
      }`
      // Approving one the representative has not authorized yet is allowed, but never a surprise.
      const waiting = preview.results.filter(
        (each) => action === 'approve' && each.outcome === 'done' && each.status === 'Authorizing',
      )
      let leftWaiting: BulkResult['results'] = []
      let reason: string | undefined
      let shareReason = false
      if (action === 'decline') {
        const answer = await askReason(question, {
          title: `${label} selected enrollments`,
          offerToShare: true,
        })
        if (answer === null) return
        reason = answer.reason || undefined
        shareReason = answer.shareReason
      } else if (waiting.length > 0) {
        const choice = await askApproval({
          question: `${formatCount(preview.done)} of the selected enrollments can be approved.${skipSummary(preview)} Each approval emails its confirmation (and an LMA its invoice).`,
          waiting: waiting.map((each) => nameOf(each.guid)),
          others: preview.done - waiting.length,
        })
        if (choice === null) return
        if (choice === 'others') {
          leftWaiting = waiting.map((each) => ({
            guid: each.guid,
            outcome: 'skipped',
            status: null,
            reason: LEFT_WAITING,
          }))
        }
      } else if (!(await confirm(question, `${label} selected enrollments`))) {
        return
      }
      const left = new Set(leftWaiting.map((each) => each.guid))
      const willChange = preview.results
        .filter((each) => each.outcome === 'done' && !left.has(each.guid))
        .map((each) => each.guid)
      const others = [...preview.results.filter((each) => each.outcome !== 'done'), ...leftWaiting]
      const result =
        willChange.length > 0
          ? // Batches done before one that failed changed enrollments too.
            await inBatches(action, willChange, { reason, shareReason }).finally(
              () => void changed({ action: 'bulk' }),
            )
          : { done: 0, skipped: 0, failed: 0, results: [] }
      onFinished({
        action,
        result: {
          ...result,
          skipped: result.skipped + others.filter((each) => each.outcome === 'skipped').length,
          failed: result.failed + others.filter((each) => each.outcome === 'failed').length,
          results: [...result.results, ...others],
        },
      })
    } catch (caught) {
      toast.error(
        caught instanceof Error ? caught.message : `The enrollments could not be ${past}.`,
      )
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className="bulk-actions" aria-label="Selected enrollments">
      <p className="bulk-actions__count">{plural(selected.length, 'enrollment')} selected</p>
      {(['approve', 'decline'] as const).map((action) => (
        <button
          key={action}
          type="button"
          className="button"
          disabled={busy !== null || selected.length === 0}
          onClick={() => void run(action)}
        >
          {busy === action ? 'Please wait...' : `${VERBS[action].label} Selected`}
        </button>
      ))}
      {reasonPrompt}
      {approvalPrompt}
    </section>
  )
}

/** What a bulk action did: counts, then the enrollments skipped or failed, by name and why. */
export function BulkReport({
  report,
  nameOf,
  onDismiss,
}: {
  report: BulkOutcomeReport
  nameOf(guid: string): string
  onDismiss(): void
}) {
  const { result, action } = report
  const notDone = result.results.filter((each) => each.outcome !== 'done')
  return (
    <section className="bulk-report" aria-label="Result of the bulk action">
      <p role="status" className="bulk-report__status" id={BULK_RESULT_ID} tabIndex={-1}>
        <strong>
          {plural(result.done, 'enrollment')} {VERBS[action].past}
        </strong>
        , {formatCount(result.skipped)} skipped, {formatCount(result.failed)} failed.
      </p>
      {notDone.length > 0 && (
        // Focusable and named, so that a keyboard can scroll a long list.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must take the focus to be scrolled by keyboard
        <ul className="bulk-report__list" tabIndex={0} aria-label="Enrollments not changed">
          {notDone.map((each) => (
            <li key={each.guid}>
              <strong>{nameOf(each.guid)}</strong> ({each.outcome}): {each.reason}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--small" onClick={onDismiss}>
        Dismiss
      </button>
    </section>
  )
}
