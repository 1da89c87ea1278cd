import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import type { FormPath } from './field-path'
import { describedBy, FieldShell } from './field-shell'
import { useTextInput } from './form-state'

export interface Suggestion<T> {
  /** The text put into the input. */
  name: string
  description: string
  detail: T
}

export interface ComboboxFieldProps<T> {
  path: FormPath
  label: string
  required?: boolean
  hint?: string
  /** Suggestions for what was typed; called after more than 2 characters, debounced. */
  suggest(text: string, signal: AbortSignal): Promise<Suggestion<T>[]>
  onSelect(suggestion: Suggestion<T>): void
}

const MIN_CHARACTERS = 3
const DEBOUNCE_MS = 250
/** No suggestions: one array, so that clearing an empty list renders nothing. */
const NONE: never[] = []

/** A text input with type-ahead suggestions (WAI-ARIA combobox with a listbox popup). */
export function ComboboxField<T>({
  path,
  label,
  required,
  hint,
  suggest,
  onSelect,
}: ComboboxFieldProps<T>) {
  // The input holds what is typed; nothing here re-renders for a key until suggestions arrive.
  const field = useTextInput(path)
  const [suggestions, setSuggestions] = useState<Suggestion<T>[]>(NONE)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  /** Cancels the look-up waiting for its debounce or its answer. */
  const pending = useRef<() => void>(undefined)
  const listId = `${field.id}-suggestions`

  useEffect(() => () => pending.current?.(), [])

  /** Looks up what was typed once typing pauses; fewer than 3 characters clear the list. */
  const lookUp = (typed: string) => {
    pending.current?.()
    pending.current = undefined
    const text = typed.trim()
    if (text.length < MIN_CHARACTERS) {
      setSuggestions(NONE)
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      suggest(text, controller.signal).then((found) => {
        if (controller.signal.aborted) return
        setSuggestions(found.length > 0 ? found : NONE)
        setActive(-1)
        setOpen(found.length > 0)
      })
    }, DEBOUNCE_MS)
    pending.current = () => {
      clearTimeout(timer)
      controller.abort()
    }
  }

  const choose = (suggestion: Suggestion<T>) => {
    pending.current?.()
    pending.current = undefined
    setOpen(false)
    setSuggestions(NONE)
    onSelect(suggestion)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault()
      setOpen(true)
      setActive((index) => (index + 1) % count)
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault()
      setOpen(true)
      setActive((index) => (index <= 0 ? count - 1 : index - 1))
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault()
      const suggestion = suggestions[active]
      if (suggestion) choose(suggestion)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
    }
  }

  const expanded = open && suggestions.length > 0
  return (
    <FieldShell
      id={field.id}
      label={label}
      required={required}
      hint={hint}
      error={field.error}
      className="combobox"
    >
      <input
        id={field.id}
        name={path}
        className="field__input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-required={required || undefined}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field.id, hint, field.error)}
        ref={field.ref}
        defaultValue={field.defaultValue}
        disabled={field.readOnly}
        onChange={(event) => {
          field.setValue(event.target.value)
          lookUp(event.target.value)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false)
          field.onBlur()
        }}
      />
      <ul
        id={listId}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA combobox pattern: a list given the listbox role
        role="listbox"
        aria-label={`${label} suggestions`}
        className="combobox__list"
        hidden={!expanded}
      >
        {suggestions.map((suggestion, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: options stay unfocusable; the input keeps focus and points at them with aria-activedescendant
          <li
            key={suggestion.name}
            id={`${listId}-${index}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA combobox pattern
            role="option"
            aria-selected={index === active}
            className="combobox__option"
            onMouseDown={(event) => {
              event.preventDefault()
              choose(suggestion)
            }}
          >
            <span className="combobox__name">{suggestion.name}</span>
            <span className="combobox__description">{suggestion.description}</span>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {expanded
          ? `${suggestions.length} suggestions available; use the arrow keys to choose.`
          : ''}
      </p>
    </FieldShell>
  )
}
