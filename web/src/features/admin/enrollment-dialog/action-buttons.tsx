import type { Enrollment } from '@shared/enrollment/enrollment'
import {
  type AdminAction,
  refusalReason,
  type StatusSubject,
} from '@shared/enrollment/status-rules'
import { useId } from 'react'

export interface ActionButtonsProps {
  enrollment: Enrollment
  dirty: boolean
  busy: boolean
  currentYear: number
  /** Delete is an administrator's alone: without it the button is left out. */
  mayDelete: boolean
  onAction(action: AdminAction): void
}

interface ActionButton {
  action: AdminAction
  label: string
  danger?: boolean
  lmaOnly?: boolean
  /** Offered only to a role that may delete. */
  deletes?: boolean
}

const BUTTONS: readonly ActionButton[] = [
  { action: 'approve', label: 'Approve' },
  { action: 'reauthorize', label: 'Re-authorize', lmaOnly: true },
  { action: 'decline', label: 'Decline' },
  { action: 'delete', label: 'Delete', danger: true, deletes: true },
]

/** What unsaved changes hold back: the actions the role has. */
function unsavedNote(mayDelete: boolean): string {
  const actions = mayDelete
    ? 'approve, re-authorize, decline or delete'
    : 'approve, re-authorize or decline'
  return `Save or undo your changes to ${actions}.`
}

/**
 * Save & Close (a submit of the form) and the status actions, each enabled by the shared rules.
 * A disabled action says why, in the rules' own words, under the buttons and to assistive
 * technology (aria-describedby); unsaved changes are announced once for all four.
 */
export function ActionButtons({
  enrollment,
  dirty,
  busy,
  currentYear,
  mayDelete,
  onAction,
}: ActionButtonsProps) {
  const id = useId()
  const subject: StatusSubject = {
    type: enrollment.type,
    status: enrollment.status,
    dealers: enrollment.dealers,
    year: enrollment.year,
    currentYear,
  }
  const noteId = `${id}-unsaved`
  const buttons = BUTTONS.filter(
    (button) => (!button.lmaOnly || enrollment.type === 'Lma') && (!button.deletes || mayDelete),
  ).map((button) => ({ ...button, reason: refusalReason(button.action, subject) }))
  const reasonId = (button: ActionButton) => `${id}-${button.action}`
  return (
    <>
      <button type="submit" className="button" data-intent="close" disabled={busy}>
        Save &amp; Close
      </button>
      {buttons.map((button) => {
        const describedBy = [button.reason ? reasonId(button) : '', dirty ? noteId : '']
          .filter(Boolean)
          .join(' ')
        return (
          <button
            key={button.action}
            type="button"
            className={`button${button.danger ? ' button--danger' : ''}`}
            disabled={busy || dirty || button.reason !== null}
            aria-describedby={describedBy || undefined}
            onClick={() => onAction(button.action)}
          >
            {button.label}
          </button>
        )
      })}
      <div className="action-state" role="status">
        {dirty && (
          <p className="action-note action-note--unsaved" id={noteId}>
            <strong>Unsaved changes.</strong> {unsavedNote(mayDelete)}
          </p>
        )}
      </div>
      {buttons.some((button) => button.reason) && (
        <ul className="action-reasons">
          {buttons.map(
            (button) =>
              button.reason && (
                <li key={button.action} id={reasonId(button)}>
                  <strong>{button.label}:</strong> {button.reason}
                </li>
              ),
          )}
        </ul>
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
  reauthorize: {
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
