import type { HTMLInputAutoCompleteAttribute } from 'react'
import type { FormPath } from './field-path'
import { describedBy, FieldShell } from './field-shell'
import { useTextInput } from './form-state'
import { type InputMask, maskEdit, maskSeparatorDelete, showMaskedEdit } from './input-masks'

export interface TextFieldProps {
  path: FormPath
  label: string
  required?: boolean
  hint?: string
  mask?: InputMask
  type?: 'text' | 'email' | 'tel'
  placeholder?: string
  autoComplete?: HTMLInputAutoCompleteAttribute
  className?: string
  hideLabel?: boolean
  /** The id of the `<form>` that owns the input, when that is not the form around it. */
  form?: string
}

export function TextField({
  path,
  label,
  required,
  hint,
  mask,
  type = 'text',
  placeholder,
  autoComplete,
  className,
  hideLabel,
  form,
}: TextFieldProps) {
  const field = useTextInput(path)
  return (
    <FieldShell
      id={field.id}
      label={label}
      required={required}
      hint={hint}
      error={field.error}
      className={className}
      hideLabel={hideLabel}
    >
      <input
        id={field.id}
        name={path}
        form={form}
        className="field__input"
        type={type}
        ref={field.ref}
        defaultValue={field.defaultValue}
        placeholder={placeholder ?? (mask === 'phone' ? '555-555-1234' : undefined)}
        inputMode={mask === 'zip' || mask === 'phone' ? 'numeric' : undefined}
        autoComplete={autoComplete}
        disabled={field.readOnly}
        aria-required={required || undefined}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field.id, hint, field.error)}
        onChange={(event) => {
          const input = event.target
          if (!mask) return field.setValue(input.value)
          const caret = input.selectionStart ?? input.value.length
          field.setValue(showMaskedEdit(input, maskEdit(mask, input.value, caret)))
        }}
        onKeyDown={(event) => {
          const input = event.currentTarget
          const key = event.key
          if (!mask || (key !== 'Backspace' && key !== 'Delete')) return
          if (input.selectionStart === null || input.selectionStart !== input.selectionEnd) return
          const edit = maskSeparatorDelete(mask, input.value, input.selectionStart, key)
          if (!edit) return
          event.preventDefault()
          field.setValue(showMaskedEdit(input, edit))
        }}
        onBlur={field.onBlur}
      />
    </FieldShell>
  )
}
