import type { FormPath } from './field-path'
import { useField } from './form-state'

export function CheckboxField({
  path,
  label,
  disabled,
}: {
  path: FormPath
  label: string
  disabled?: boolean
}) {
  const field = useField(path)
  return (
    <div className="field field--checkbox">
      <input
        id={field.id}
        name={path}
        type="checkbox"
        className="checkbox"
        checked={field.value === true}
        disabled={field.readOnly || disabled}
        onChange={(event) => field.setValue(event.target.checked)}
        onBlur={field.onBlur}
      />
      <label htmlFor={field.id}>{label}</label>
    </div>
  )
}
