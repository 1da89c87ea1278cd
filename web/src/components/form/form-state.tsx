import { createContext, type ReactNode, use, useCallback, useMemo, useRef, useState } from 'react'
import { getIn, setIn } from '../../lib/object-path'

export type FieldErrorMap = Record<string, string>

export interface FormState<T> {
  values: T
  /** Errors from the last submit (client validation or the server's 400). */
  errors: FieldErrorMap
  formError: string
  touched: ReadonlySet<string>
  dirty: boolean
  readOnly: boolean
  setValue(path: string, value: unknown): void
  update(change: (values: T) => T): void
  touch(path: string): void
  /** Shows these errors under every field they name (a submit touches all fields). */
  showErrors(errors: FieldErrorMap, formError?: string): void
  clearErrors(): void
  /** Starts over from new saved values (after a save, or when a record loads). */
  reset(values: T): void
}

/**
 * Form state as docs/product.md#how-the-forms-check wants it: validation runs on submit only, and a field shows its
 * error once it has been touched (a submit touches them all).
 */
export function useFormState<T>(initial: T, readOnly = false): FormState<T> {
  const [values, setValues] = useState(initial)
  const saved = useRef(JSON.stringify(initial))
  const [errors, setErrors] = useState<FieldErrorMap>({})
  const [formError, setFormError] = useState('')
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())

  const setValue = useCallback(
    (path: string, value: unknown) => setValues((current) => setIn(current, path, value)),
    [],
  )
  const touch = useCallback(
    (path: string) =>
      setTouched((current) => (current.has(path) ? current : new Set([...current, path]))),
    [],
  )
  const showErrors = useCallback((next: FieldErrorMap, message = '') => {
    setErrors(next)
    setFormError(message)
    setTouched((current) => new Set([...current, ...Object.keys(next)]))
  }, [])
  const clearErrors = useCallback(() => {
    setErrors({})
    setFormError('')
  }, [])
  const reset = useCallback((next: T) => {
    saved.current = JSON.stringify(next)
    setValues(next)
    setErrors({})
    setFormError('')
    setTouched(new Set())
  }, [])

  const dirty = useMemo(() => JSON.stringify(values) !== saved.current, [values])
  return {
    values,
    errors,
    formError,
    touched,
    dirty,
    readOnly,
    setValue,
    update: setValues,
    touch,
    showErrors,
    clearErrors,
    reset,
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the context holds forms of any value shape
const FormContext = createContext<FormState<any> | null>(null)

export function FormProvider<T>({ form, children }: { form: FormState<T>; children: ReactNode }) {
  return <FormContext value={form}>{children}</FormContext>
}

export function useForm<T>(): FormState<T> {
  const form = use(FormContext)
  if (!form) throw new Error('useForm must be used inside FormProvider')
  return form as FormState<T>
}

/** What one input needs: its value, its visible error and its handlers. */
export function useField(path: string) {
  const form = useForm<unknown>()
  const raw = getIn(form.values, path)
  const error = form.touched.has(path) ? form.errors[path] : undefined
  return {
    id: `field-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`,
    value: raw,
    error,
    readOnly: form.readOnly,
    setValue: (value: unknown) => form.setValue(path, value),
    onBlur: () => form.touch(path),
  }
}
