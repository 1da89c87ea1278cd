import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute, Ref } from 'react'
import { describedBy, FieldShell } from './field-shell'

export interface PlainFieldProps {
  id: string
  label: string
  value: string
  onChange(value: string): void
  /** The server's (or the form's) message for this field, shown under it. */
  error?: string | undefined
  type?: HTMLInputTypeAttribute
  maxLength?: number
  autoComplete?: HTMLInputAutoCompleteAttribute
  required?: boolean
  inputRef?: Ref<HTMLInputElement>
}

/**
 * One controlled text or date input in the look of every field (FieldShell: its label, its
 * error under it, read with the input): the office's small forms, whose values live in the
 * component's state rather than in a form-state.tsx form.
 */
export function PlainField({
  id,
  label,
  value,
  onChange,
  error,
  type = 'text',
  maxLength,
  autoComplete,
  required,
  inputRef,
}: PlainFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error}>
      <input
        ref={inputRef}
        id={id}
        className="field__input"
        type={type}
        value={value}
        maxLength={maxLength}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        onChange={(changed) => onChange(changed.target.value)}
      />
    </FieldShell>
  )
}
