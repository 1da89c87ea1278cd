import type { Enrollment } from '@shared/enrollment/enrollment'
import { canApprove, canDecline, canDelete, canReauthorize } from '@shared/enrollment/status-rules'
import type { AdminAction } from '../api/admin-calls'

export interface ActionButtonsProps {
  enrollment: Enrollment
  dirty: boolean
  busy: boolean
  currentYear: number
  onAction(action: AdminAction): void
}

/** Save & Close (a submit of the form) and the status actions, each enabled by the shared rules. */
export function ActionButtons({
  enrollment,
  dirty,
  busy,
  currentYear,
  onAction,
}: ActionButtonsProps) {
  const subject = {
    type: enrollment.type,
    status: enrollment.status,
    dealers: enrollment.dealers,
    dirty,
    year: enrollment.year,
    currentYear,
  }
  const button = (action: AdminAction, label: string, allowed: boolean, danger = false) => (
    <button
      type="button"
      className={`button${danger ? ' button--danger' : ''}`}
      disabled={busy || !allowed}
      onClick={() => onAction(action)}
    >
      {label}
    </button>
  )
  return (
    <>
      <button type="submit" className="button" data-intent="close" disabled={busy}>
        Save &amp; Close
      </button>
      {button('approve', 'Approve', canApprove(subject))}
      {enrollment.type === 'Lma' && button('re-authorize', 'Re-authorize', canReauthorize(subject))}
      {button('decline', 'Decline', canDecline(subject))}
      {button('delete', 'Delete', canDelete(subject), true)}
      {dirty && (
        <p className="action-note">
          Save or undo your changes to approve, re-authorize, decline or delete.
        </p>
      )}
    </>
  )
}

export const ACTION_TEXTS: Record<AdminAction, { question: string; done: string }> = {
  approve: {
    question:
      'Approve this enrollment? The authorized representative will be emailed a confirmation.',
    done: 'Enrollment approved.',
  },
  're-authorize': {
    question:
      'Send the authorization request to the authorized representative again? The status becomes Authorizing.',
    done: 'Authorization requested.',
  },
  decline: { question: 'Decline this enrollment? No email is sent.', done: 'Enrollment declined.' },
  delete: {
    question:
      'Delete this enrollment entirely? In most cases Decline is the better choice: a deleted enrollment cannot be recovered.',
    done: 'Enrollment deleted.',
  },
}
