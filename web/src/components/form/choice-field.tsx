import type { FormPath } from './field-path'
import { describedBy, FieldShell } from './field-shell'
import { useField } from './form-state'

export interface Choice {
  value: string
  label: string
  description?: string
}

export interface ChoiceFieldProps {
  path: FormPath
  label: string
  choices: readonly Choice[]
  required?: boolean
  hint?: string
  disabled?: boolean
  /** Replaces the plain set-the-value when a choice has side effects. */
  onChoose?: (value: string) => void
}

/** A single-choice picker shown as buttons, '(click one)' after the label; radios underneath. */
export function ChoiceField({
  path,
  label,
  choices,
  required,
  hint,
  disabled,
  onChoose,
}: ChoiceFieldProps) {
  const field = useField(path)
  const off = field.readOnly || disabled
  return (
    <FieldShell
      id={field.id}
      label={label}
      required={required}
      hint={hint}
      error={field.error}
      group
      suffix="(click one)"
    >
      <div className="choices">
        {choices.map((choice) => {
          const id = `${field.id}-${choice.value}`
          return (
            <label key={choice.value} className="choice" htmlFor={id}>
              <input
                id={id}
                className="choice__input"
                type="radio"
                name={path}
                value={choice.value}
                checked={field.value === choice.value}
                disabled={off}
                aria-invalid={field.error ? true : undefined}
                aria-describedby={describedBy(field.id, hint, field.error)}
                onChange={() => (onChoose ? onChoose(choice.value) : field.setValue(choice.value))}
                onBlur={field.onBlur}
              />
              <span className="choice__button">
                <span className="choice__label">{choice.label}</span>
                {choice.description && (
                  <span className="choice__description">{choice.description}</span>
                )}
              </span>
            </label>
          )
        })}
      </div>
    </FieldShell>
  )
}
