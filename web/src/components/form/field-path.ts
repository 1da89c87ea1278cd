/**
 * The paths of a form's fields, derived from the type of its values and spelt as the API names
 * fields (`lma.name`, `dealers[0].bac`), so a misspelt path is a type error where it is written.
 */

type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date

/** What follows a field's key in the paths inside it: `.name`, `[3]`, `[3].bac`. */
type PathsInside<Value> =
  NonNullable<Value> extends Leaf
    ? never
    : NonNullable<Value> extends readonly (infer Row)[]
      ? `[${number}]` | `[${number}]${PathsInside<Row>}`
      : `.${FieldPath<NonNullable<Value>>}`

/** Every path of `T`: each key, and each path inside it (`dealers`, `dealers[${number}].bac`). */
export type FieldPath<T> = {
  [Key in keyof T & string]-?: Key | `${Key}${PathsInside<T[Key]>}`
}[keyof T & string]

type RowOf<List> = NonNullable<List> extends readonly (infer Row)[] ? Row : never

/** The value at `path` of `T` (a row's field of a list, a field of an object that may be null). */
export type PathValue<T, Path extends string> = Path extends keyof T
  ? T[Path]
  : Path extends `${infer Head}.${infer Rest}`
    ? PathValue<NonNullable<PathValue<T, Head>>, Rest>
    : Path extends `${infer List}[${number}]`
      ? RowOf<PathValue<T, List>>
      : never

/** The paths of `T` that hold a list (what setRows replaces). */
export type ListPath<T> = {
  [Path in FieldPath<T>]: PathValue<T, Path> extends readonly unknown[] ? Path : never
}[FieldPath<T>]

/**
 * The values of the app's forms. The field components and the hooks that find their form by
 * context (useField, useFormValue, useFieldError) cannot see its type, so the feature that owns
 * the forms registers it once (`interface RegisteredForm { values: Enrollment }`, in
 * features/enrollment/components/enrollment-form.tsx) and their paths are checked against it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the feature's declaration merging
export interface RegisteredForm {}

/** The registered values; `never` until a feature registers them, so no path type-checks. */
export type FormValues = RegisteredForm extends { values: infer Values } ? Values : never

/** A path of the registered form: what every field component's `path` is. */
export type FormPath = FieldPath<FormValues>
