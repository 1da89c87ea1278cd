import {
  createContext,
  type ReactNode,
  type RefObject,
  use,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import { getIn, pathKey, setIn } from '../../lib/object-path'
import type { FieldPath, FormPath, FormValues, ListPath, PathValue } from './field-path'

export type FieldErrorMap = Record<string, string>

type Listener = () => void

/**
 * One form's values, errors and touched fields, kept outside React so that a change re-renders
 * only the components that read what changed. Reading a property gives what is current now (in
 * a handler, or to render once); a component that must follow a part of the form subscribes to
 * it with useField, useFormValue, useFormSelector, useFieldError or useFormSnapshot.
 */
export interface FormState<T> {
  readonly values: T
  /** Errors from the last submit (client validation or the server's 400). */
  readonly errors: FieldErrorMap
  readonly formError: string
  readonly touched: ReadonlySet<string>
  /** The values differ from the saved ones (computed when read, once per change). */
  readonly dirty: boolean
  readonly readOnly: boolean
  setValue<Path extends FieldPath<T>>(path: Path, value: PathValue<T, Path>): void
  update(change: (values: T) => T): void
  /**
   * Replaces the list at `path` with `next`, where `from[i]` is the index in the old list of the
   * row that is now `next[i]` (undefined for a new row): errors and touched fields go with their
   * rows, and those of rows that are gone are dropped.
   */
  setRows<Path extends ListPath<T>>(
    path: Path,
    next: PathValue<T, Path>,
    from: readonly (number | undefined)[],
  ): void
  touch(path: FieldPath<T>): void
  /** Shows these errors under every field they name (a submit touches all fields). */
  showErrors(errors: FieldErrorMap, formError?: string): void
  clearErrors(): void
  /** Starts over from new saved values (after a save, or when a record loads). */
  reset(values: T): void
  /**
   * Calls `listener` after every change that may concern `path` (the path itself, a path inside
   * it or one it lies in); `null` for every change. Answers the unsubscribe.
   */
  subscribe(path: FieldPath<T> | null, listener: Listener): () => void
}

const EVERYTHING = '\u0000'

class FormStore<T> implements FormState<T> {
  values: T
  errors: FieldErrorMap = {}
  formError = ''
  touched: ReadonlySet<string> = new Set<string>()
  readOnly: boolean
  private saved: string
  private dirtyOf: { values: T; dirty: boolean } | null = null
  /** Listeners by the key of their path (see pathKey); EVERYTHING for the whole form. */
  private readonly listeners = new Map<string, Set<Listener>>()

  constructor(initial: T, readOnly: boolean) {
    this.values = initial
    this.readOnly = readOnly
    this.saved = JSON.stringify(initial)
  }

  get dirty(): boolean {
    if (this.dirtyOf?.values !== this.values) {
      this.dirtyOf = { values: this.values, dirty: JSON.stringify(this.values) !== this.saved }
    }
    return this.dirtyOf.dirty
  }

  // The store works on any spelling of a path; FormState<T> is what checks them against T.
  setValue = (path: string, value: unknown) => {
    this.values = setIn(this.values, path, value)
    this.notify(path)
  }

  update = (change: (values: T) => T) => {
    this.values = change(this.values)
    this.notify()
  }

  setRows = (path: string, next: unknown, from: readonly (number | undefined)[]) => {
    const moved = (key: string): string | null => {
      const index = rowIndexIn(path, key)
      if (index === null) return key
      const to = from.indexOf(index.row)
      return to < 0 ? null : `${path}[${to}]${index.rest}`
    }
    const errors: FieldErrorMap = {}
    for (const [key, message] of Object.entries(this.errors)) {
      const target = moved(key)
      if (target !== null) errors[target] = message
    }
    const touched = new Set<string>()
    for (const key of this.touched) {
      const target = moved(key)
      if (target !== null) touched.add(target)
    }
    this.values = setIn(this.values, path, [...(next as readonly unknown[])])
    this.errors = errors
    this.touched = touched
    // Errors and touched fields moved only inside the list: the rest of the form is as it was.
    this.notify(path)
  }

  touch = (path: string) => {
    if (this.touched.has(path)) return
    this.touched = new Set([...this.touched, path])
    this.notify(path)
  }

  showErrors = (next: FieldErrorMap, message = '') => {
    this.errors = next
    this.formError = message
    this.touched = new Set([...this.touched, ...Object.keys(next)])
    this.notify()
  }

  clearErrors = () => {
    this.errors = {}
    this.formError = ''
    this.notify()
  }

  reset = (next: T) => {
    this.saved = JSON.stringify(next)
    this.values = next
    this.errors = {}
    this.formError = ''
    this.touched = new Set()
    this.notify()
  }

  setReadOnly(readOnly: boolean) {
    if (readOnly === this.readOnly) return
    this.readOnly = readOnly
    this.notify()
  }

  subscribe = (path: string | null, listener: Listener) => {
    const key = path === null ? EVERYTHING : pathKey(path)
    let set = this.listeners.get(key)
    if (!set) {
      set = new Set()
      this.listeners.set(key, set)
    }
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0 && this.listeners.get(key) === set) this.listeners.delete(key)
    }
  }

  /** Tells the listeners of `path`, of the paths inside it and around it; all without a path. */
  private notify(path?: string) {
    const changed = path === undefined ? null : pathKey(path)
    const due: Listener[] = []
    for (const [key, set] of this.listeners) {
      if (changed === null || key === EVERYTHING || related(key, changed)) due.push(...set)
    }
    for (const listener of due) listener()
  }
}

function related(a: string, b: string): boolean {
  if (a === b || a === '' || b === '') return true
  return a.length < b.length
    ? b.startsWith(a) && b[a.length] === '.'
    : a.startsWith(b) && a[b.length] === '.'
}

/** `dealers[3].bac` in the list `dealers`: row 3, rest `.bac`; null when not in the list. */
function rowIndexIn(list: string, key: string): { row: number; rest: string } | null {
  if (!key.startsWith(`${list}[`)) return null
  const close = key.indexOf(']', list.length + 1)
  if (close < 0) return null
  const row = Number(key.slice(list.length + 1, close))
  return Number.isInteger(row) ? { row, rest: key.slice(close + 1) } : null
}

/**
 * Form state (docs/product.md#how-the-forms-check): validation runs on submit only, and a field
 * shows its error once it has been touched (a submit touches them all). The answer is the same
 * object for the component's life.
 */
export function useFormState<T>(initial: T, readOnly = false): FormState<T> {
  const [store] = useState(() => createFormStore(initial, readOnly))
  useLayoutEffect(() => store.setReadOnly(readOnly), [store, readOnly])
  return store
}

/** A form's store outside a component (useFormState keeps one for the component's life). */
export function createFormStore<T>(
  initial: T,
  readOnly: boolean,
): FormState<T> & { setReadOnly(readOnly: boolean): void } {
  return new FormStore(initial, readOnly)
}

// biome-ignore lint/suspicious/noExplicitAny: the context holds forms of any value shape
const FormContext = createContext<FormState<any> | null>(null)

export function FormProvider<T>({ form, children }: { form: FormState<T>; children: ReactNode }) {
  return <FormContext value={form}>{children}</FormContext>
}

/** The form of the nearest FormProvider; reading it does not re-render on changes. */
export function useForm<T>(): FormState<T> {
  const form = use(FormContext)
  if (!form) throw new Error('useForm must be used inside FormProvider')
  return form as FormState<T>
}

/**
 * What `select` answers about `form`, re-rendering when that changes (compared with Object.is,
 * so answer primitives or objects of the form itself). With `path`, only changes that may
 * concern that path are looked at.
 */
export function useFormSnapshot<T, R>(
  form: FormState<T>,
  select: (form: FormState<T>) => R,
  path: FieldPath<T> | null = null,
): R {
  const subscribe = useCallback(
    (listener: Listener) => form.subscribe(path, listener),
    [form, path],
  )
  const snapshot = () => select(form)
  // The same outside a browser (a form rendered to HTML by the tests that look at its inputs).
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

/** The value at `path` of the nearest form. */
export function useFormValue<Path extends FormPath>(path: Path): PathValue<FormValues, Path> {
  return useFormSnapshot(
    useForm<FormValues>(),
    (form) => getIn(form.values, path) as PathValue<FormValues, Path>,
    path,
  )
}

/** What `select` answers about the values of the nearest form (a primitive, e.g. a total). */
export function useFormSelector<T, R>(select: (values: T) => R): R {
  return useFormSnapshot(useForm<T>(), (form) => select(form.values))
}

/** The error shown for `path`: the last submit's, once the field has been touched. */
export function useFieldError(path: FormPath): string | undefined {
  return useFormSnapshot(useForm<FormValues>(), (form) => visibleError(form, path), path)
}

/** Whether the values differ from the saved ones. */
export function useFormDirty<T>(form: FormState<T>): boolean {
  return useFormSnapshot(form, (state) => state.dirty)
}

/** The id of the input of `path`. */
function fieldId(path: string): string {
  return `field-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`
}

function visibleError<T>(form: FormState<T>, path: string): string | undefined {
  return form.touched.has(path) ? form.errors[path] : undefined
}

/** What one input needs: its value, its visible error and its handlers. */
export function useField(path: FormPath) {
  const form = useForm<FormValues>()
  const value = useFormSnapshot(form, (state) => getIn(state.values, path), path)
  const error = useFormSnapshot(form, (state) => visibleError(state, path), path)
  const readOnly = useFormSnapshot(form, (state) => state.readOnly, path)
  return {
    id: fieldId(path),
    value,
    error,
    readOnly,
    // The input's own value (text, a choice, a number or a flag), as the path holds it.
    setValue: (next: unknown) => form.setValue(path, next as PathValue<FormValues, FormPath>),
    onBlur: () => form.touch(path),
  }
}

/**
 * What a text input needs, without a render of its own for each key: the input holds what is
 * typed (React does not set its value), the form gets it on each change, and a value the form
 * gets from elsewhere (a look-up, a reset, rows moved by Remove) is written into the input. A
 * controlled input re-rendered its field on every key, React's render and commit being about a
 * third of a key's script (docs/performance.md). The error and read-only state re-render it as
 * useField does. Give `ref` to the input and `defaultValue` as its initial value.
 */
export function useTextInput(path: FormPath) {
  const form = useForm<FormValues>()
  const error = useFormSnapshot(form, (state) => visibleError(state, path), path)
  const readOnly = useFormSnapshot(form, (state) => state.readOnly, path)
  const ref: RefObject<HTMLInputElement | null> = useRef(null)
  useLayoutEffect(() => {
    const input = ref.current
    if (!input) return
    const show = () => {
      const value = textAt(form, path)
      if (input.value !== value) input.value = value
    }
    show()
    return form.subscribe(path, show)
  }, [form, path])
  return {
    id: fieldId(path),
    ref,
    defaultValue: textAt(form, path),
    error,
    readOnly,
    setValue: (next: string) => form.setValue(path, next as PathValue<FormValues, FormPath>),
    onBlur: () => form.touch(path),
  }
}

/** The text at `path` (a text field's value; anything else shows as ''). */
function textAt(form: FormState<FormValues>, path: FormPath): string {
  const value = getIn(form.values, path)
  return typeof value === 'string' ? value : ''
}
