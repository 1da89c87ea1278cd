import type { Enrollment } from '@shared/enrollment/enrollment'
import { problemToFieldErrors } from '@shared/enrollment/field-errors'
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { FormProvider, type FormState, useFormSnapshot } from '../../../components/form/form-state'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { ApiError } from '../../../lib/api-client'
import { loadValidation, loadValidationSoon } from './enrollment-validation'

declare module '../../../components/form/field-path' {
  /** The forms hold an enrollment: every field's path is one of its paths (FieldPath). */
  interface RegisteredForm {
    values: Enrollment
  }
}

export const CHECK_ABOVE = 'Please check above for errors.'

/** When the validation's chunk cannot be loaded (the connection dropped): nothing was sent. */
export const NOT_CHECKED = 'The form could not be checked just now. Please try again.'

const INVALID_CONTROL = ':is(input, select, textarea)[aria-invalid="true"]'

export interface EnrollmentFormProps {
  form: FormState<Enrollment>
  mode: 'new' | 'edit'
  submitLabel: string
  /**
   * Posts the checked values; a thrown 400 ApiError puts the server's field errors on the form,
   * a thrown 409 its reason.
   */
  onSubmit(values: Enrollment, intent: string): Promise<void>
  /** Shown above the submit button. */
  statement?: ReactNode
  /** Asked before anything else when the form is submitted (an administrator's confirmation). */
  beforeSubmit?: () => Promise<boolean>
  /** More buttons beside the submit button; a submit button may carry `data-intent`. */
  actions?: ReactNode
  children: ReactNode
}

/** The frame both forms share: validate on submit, post, map a 400 onto the fields. */
export function EnrollmentForm({
  form,
  mode,
  submitLabel,
  onSubmit,
  statement,
  beforeSubmit,
  actions,
  children,
}: EnrollmentFormProps) {
  const [busy, setBusy] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const [focusRequest, setFocusRequest] = useState(0)
  const readOnly = useFormSnapshot(form, (state) => state.readOnly)
  const formError = useFormSnapshot(form, (state) => state.formError)

  // A submit that waits for the checks' chunk (below) is under way: a second one does nothing.
  const checking = useRef(false)

  // The checks are needed only on submit: they load once the form is shown (the submit waits).
  useEffect(() => loadValidationSoon(), [])

  // Once the errors are on screen, the keyboard goes to the first field that has one (for a
  // radio group, its first choice: the group itself is marked invalid too, but takes no focus).
  useEffect(() => {
    if (focusRequest === 0) return
    formRef.current?.querySelector<HTMLElement>(INVALID_CONTROL)?.focus()
  }, [focusRequest])

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy || form.readOnly) return
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    const intent = submitter?.getAttribute('data-intent') ?? 'save'
    if (beforeSubmit && !(await beforeSubmit())) return
    if (checking.current) return
    form.clearErrors()
    let validation: Awaited<ReturnType<typeof loadValidation>>
    checking.current = true
    try {
      validation = await loadValidation()
    } catch (error) {
      console.error('Could not load the form checks', error)
      form.showErrors({}, NOT_CHECKED)
      return
    } finally {
      checking.current = false
    }
    const result = validation.validateEnrollment(form.values, { mode })
    if (!result.success) {
      form.showErrors(firstMessages(result.errors), CHECK_ABOVE)
      setFocusRequest((count) => count + 1)
      return
    }
    setBusy(true)
    try {
      await onSubmit(result.data, intent)
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const errors = problemToFieldErrors(error.body)
        form.showErrors(errors, errors[''] ?? CHECK_ABOVE)
        setFocusRequest((count) => count + 1)
      } else if (error instanceof ApiError && error.status === 409) {
        // The enrollment changed under the page (an administrator acted): say why, keep the edits.
        form.showErrors({}, error.message)
      } else {
        throw error
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormProvider form={form}>
      <ProgressBar active={busy} label="Submitting" />
      <form
        ref={formRef}
        className="enrollment-form"
        noValidate
        onSubmit={handleSubmit}
        aria-busy={busy}
      >
        <fieldset className="enrollment-form__body" disabled={readOnly}>
          {children}
        </fieldset>
        {!readOnly && (
          <div className="submit-bar">
            {statement && <div className="submit-bar__statement">{statement}</div>}
            {formError && (
              <p className="submit-bar__error" role="alert">
                {formError}
              </p>
            )}
            <div className="submit-bar__buttons">
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? 'Please wait...' : submitLabel}
              </button>
              {actions}
            </div>
          </div>
        )}
      </form>
    </FormProvider>
  )
}

function firstMessages(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([path, messages]) =>
      messages[0] ? [[path, messages[0]]] : [],
    ),
  )
}
