import type { FormPath } from './field-path'
import { describedBy, FieldShell } from './field-shell'
import { useField } from './form-state'

export interface SelectOption {
  value: string
  label: string
}

export interface SelectFieldProps {
  path: FormPath
  label: string
  options: readonly SelectOption[]
  required?: boolean
  hint?: string
  placeholder?: string
  /** The stored value is a number (region ids). */
  numeric?: boolean
  className?: string
  hideLabel?: boolean
  /** The id of the `<form>` that owns the input, when that is not the form around it. */
  form?: string
}

export function SelectField({
  path,
  label,
  options,
  required,
  hint,
  placeholder = 'Select...',
  numeric,
  className,
  hideLabel,
  form,
}: SelectFieldProps) {
  const field = useField(path)
  const value = field.value === null || field.value === undefined ? '' : String(field.value)
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
      <select
        id={field.id}
        name={path}
        form={form}
        className="field__input field__select"
        value={value}
        disabled={field.readOnly}
        aria-required={required || undefined}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field.id, hint, field.error)}
        onChange={(event) => {
          const next = event.target.value
          field.setValue(numeric ? (next === '' ? null : Number(next)) : next)
        }}
        onBlur={field.onBlur}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}
