import { lengthMessage } from '@shared/enrollment/validation-messages'
import {
  OFFICE_LIMITS,
  SHARE_REASON_LABEL,
  SHARE_WITHOUT_REASON,
} from '@shared/office/office-limits'
import { type ReactNode, useCallback, useId, useRef, useState } from 'react'
import { Modal } from '../../../components/ui/modal'

/** What the administrator answered Yes with: the reason ('' when none) and whether to show it. */
export interface ReasonAnswer {
  reason: string
  /** Show the reason on the enrollee's status page (Decline only; false elsewhere). */
  shareReason: boolean
}

export interface ReasonQuestion {
  title?: string
  /** Offer to show the reason on the enrollee's status page (Decline). */
  offerToShare?: boolean
}

interface Open {
  question: string
  title: string
  offerToShare: boolean
  answer(reason: ReasonAnswer | null): void
}

type AskReason = (question: string, options?: ReasonQuestion) => Promise<ReasonAnswer | null>

/**
 * A confirmation that takes an optional reason (Decline, Re-authorize): answers the reason
 * ('' when none was given) on Yes, null on No or Escape. Decline's also asks whether the
 * enrollee's status page shows the reason (unticked unless ticked). Render the element it returns.
 */
export function useReasonPrompt(): [ReactNode, AskReason] {
  const [open, setOpen] = useState<Open | null>(null)
  const current = useRef<Open | null>(null)
  const ask = useCallback<AskReason>(
    (question, options = {}) =>
      new Promise((resolve) => {
        // A second question answers the first No, as the plain confirmation does.
        current.current?.answer(null)
        const next: Open = {
          question,
          title: options.title ?? 'Please confirm',
          offerToShare: options.offerToShare === true,
          answer: (reason) => {
            if (current.current !== next) return
            current.current = null
            setOpen(null)
            resolve(reason)
          },
        }
        current.current = next
        setOpen(next)
      }),
    [],
  )
  const element = open ? <ReasonDialog key={open.question} open={open} /> : null
  return [element, ask]
}

function ReasonDialog({ open }: { open: Open }) {
  const id = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  const no = useRef<HTMLButtonElement>(null)
  const [reason, setReason] = useState('')
  const [share, setShare] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const max = OFFICE_LIMITS.reason
  const yes = () => {
    const trimmed = reason.trim()
    if (trimmed.length > max) {
      setError(lengthMessage(max))
      field.current?.focus()
      return
    }
    if (share && trimmed === '') {
      setError(SHARE_WITHOUT_REASON)
      field.current?.focus()
      return
    }
    open.answer({ reason: trimmed, shareReason: open.offerToShare && share })
  }
  return (
    <Modal
      title={open.title}
      className="modal--small"
      // It opens on No, the answer that changes nothing, as every confirmation does.
      initialFocus={no}
      onRequestClose={() => open.answer(null)}
      footer={
        <>
          <button type="button" className="button button--primary" onClick={yes}>
            Yes
          </button>
          <button ref={no} type="button" className="button" onClick={() => open.answer(null)}>
            No
          </button>
        </>
      }
    >
      <p>{open.question}</p>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-reason`}>
          Reason <span className="field__suffix">(optional, kept in the history)</span>
        </label>
        <textarea
          ref={field}
          id={`${id}-reason`}
          className="field__input"
          rows={3}
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setReason(event.target.value)
            setError(null)
          }}
        />
        <p id={`${id}-count`} className="field__hint">
          {reason.trim().length} of {max} characters
        </p>
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      {open.offerToShare && (
        <div className="field field--checkbox">
          <input
            id={`${id}-share`}
            type="checkbox"
            className="checkbox"
            checked={share}
            onChange={(event) => {
              setShare(event.target.checked)
              setError(null)
            }}
          />
          <label htmlFor={`${id}-share`}>{SHARE_REASON_LABEL}</label>
        </div>
      )}
    </Modal>
  )
}
