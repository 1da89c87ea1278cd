/**
 * The forms' validation, a chunk of its own: zod and the enrollment's schemas are about a tenth
 * of a form page's JavaScript, and nothing checks a form before its first submit
 * (docs/product.md#how-the-forms-check). The page asks for the chunk once the form is shown
 * (loadValidationSoon) and the submit waits for it (loadValidation).
 */
type Validation = typeof import('@shared/enrollment/enrollment-schema')

let loading: Promise<Validation> | undefined

/** The validation, loaded once; a failed load is tried again on the next call. */
export function loadValidation(): Promise<Validation> {
  loading ??= import('@shared/enrollment/enrollment-schema').catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

/** Loads the validation once the browser is idle after the form is shown; answers a cancel. */
export function loadValidationSoon(): () => void {
  const load = () => void loadValidation().catch(() => undefined)
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(load, { timeout: 2000 })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(load, 200)
  return () => clearTimeout(handle)
}
