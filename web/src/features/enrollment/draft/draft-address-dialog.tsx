import { DRAFT_LIFETIME_DAYS } from '@shared/enrollment/draft'
import { MAX_LENGTH } from '@shared/enrollment/field-limits'
import { EMAIL_PATTERN } from '@shared/enrollment/text-fields'
import { MESSAGES } from '@shared/enrollment/validation-messages'
import { type FormEvent, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { Modal } from '../../../components/ui/modal'

/**
 * Asks where to mail the link of a saved form, when the form has no address yet
 * (docs/product.md#save-and-continue-later). Loaded on the first click of the button.
 */
export default function DraftAddressDialog({
  onSave,
  onCancel,
}: {
  onSave(email: string): void
  onCancel(): void
}) {
  const formId = useId()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [email, setEmail] = useState('')
  const [error, setError] = useState('')

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The button sits in the enrollment form's tree: its submit must not reach that form.
    event.stopPropagation()
    const address = email.trim()
    if (!address) return fail(MESSAGES.emailRequired)
    if (address.length > MAX_LENGTH.emailAddress || !EMAIL_PATTERN.test(address)) {
      return fail(MESSAGES.emailInvalid)
    }
    onSave(address)
  }

  function fail(message: string) {
    setError(message)
    input.current?.focus()
  }

  // Outside the enrollment form in the document, so that this form is not nested in it.
  return createPortal(
    <Modal
      title="Save and continue later"
      className="modal--small"
      initialFocus={input}
      onRequestClose={onCancel}
      footer={
        <>
          <button type="submit" form={formId} className="button button--primary">
            Save and Email Link
          </button>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="stack">
        <p>
          We will email you a link that opens this form as it is now, for {DRAFT_LIFETIME_DAYS}{' '}
          days. Nothing is submitted until you click Submit.
        </p>
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={inputId}>
            Email Address
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <input
            ref={input}
            id={inputId}
            className="field__input"
            type="email"
            autoComplete="email"
            required
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value)
              setError('')
            }}
          />
          {error && (
            <p className="field__error" id={`${inputId}-error`}>
              {error}
            </p>
          )}
        </div>
      </form>
    </Modal>,
    document.body,
  )
}
