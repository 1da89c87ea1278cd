import { lengthMessage } from '@shared/enrollment/validation-messages'
import { OFFICE_LIMITS } from '@shared/office/office-limits'
import { type ReactNode, useCallback, useId, useRef, useState } from 'react'
import { Modal } from '../../../components/ui/modal'

interface Open {
  question: string
  title: string
  answer(reason: string | null): void
}

type AskReason = (question: string, title?: string) => Promise<string | null>

/**
 * A confirmation that takes an optional reason (Decline, Re-authorize): answers the reason
 * ('' when none was given) on Yes, null on No or Escape. Render the element it returns.
 */
export function useReasonPrompt(): [ReactNode, AskReason] {
  const [open, setOpen] = useState<Open | null>(null)
  const current = useRef<Open | null>(null)
  const ask = useCallback<AskReason>(
    (question, title = 'Please confirm') =>
      new Promise((resolve) => {
        // A second question answers the first No, as the plain confirmation does.
        current.current?.answer(null)
        const next: Open = {
          question,
          title,
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
  const [error, setError] = useState<string | null>(null)
  const max = OFFICE_LIMITS.reason
  const yes = () => {
    if (reason.trim().length > max) {
      setError(lengthMessage(max))
      field.current?.focus()
      return
    }
    open.answer(reason.trim())
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
    </Modal>
  )
}
