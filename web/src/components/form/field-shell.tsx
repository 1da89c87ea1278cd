import type { ReactNode } from 'react'

export interface FieldShellProps {
  id: string
  label: string
  required?: boolean
  hint?: string
  error?: string | undefined
  /**
   * Renders a radio group: the label is the legend of a fieldset with the radiogroup role, which
   * carries required and invalid; the inputs inside point at the hint and error themselves
   * (describedBy), as a text input does, so the error is read with the focused choice.
   */
  group?: boolean
  suffix?: string
  className?: string
  /** Keeps the label for screen readers only (table cells under a column heading). */
  hideLabel?: boolean
  children: ReactNode
}

/** Label (with * when required), the input, a hint and the field's error under it. */
export function FieldShell({
  id,
  label,
  required,
  hint,
  error,
  group,
  suffix,
  className,
  hideLabel,
  children,
}: FieldShellProps) {
  const caption = (
    <>
      {label}
      {required && (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
      {suffix && <span className="field__suffix"> {suffix}</span>}
    </>
  )
  const messages = (
    <>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  )
  const classes = `field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`
  if (group) {
    return (
      <fieldset
        className={classes}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows the radiogroup role on a fieldset; it carries required and invalid for its radios
        role="radiogroup"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
      >
        <legend className="field__label">{caption}</legend>
        {children}
        {messages}
      </fieldset>
    )
  }
  return (
    <div className={classes}>
      <label className={hideLabel ? 'visually-hidden' : 'field__label'} htmlFor={id}>
        {caption}
      </label>
      {children}
      {messages}
    </div>
  )
}

export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean)
  return ids.length ? ids.join(' ') : undefined
}
