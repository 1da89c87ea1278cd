/**
 * How a form enters each described field of a record (shared/enrollment/dealer-entry-fields.ts,
 * lma-record-fields.ts): the label of its input, or `null` for a field the form has no input for
 * (with the reason beside it). A form declares its inputs as `satisfies FieldInputs<DealerField>`,
 * so a field added to the description fails the type-check in every form until the form gives it
 * an input (or says why it has none), and `inputOf` makes every input take its path and its label
 * from that declaration.
 */
export type FieldInputs<Field extends string> = { readonly [Name in Field]: string | null }

/**
 * The path and label of the input of `field` inside `prefix` (`dealers[0]`, `lma`): spread into
 * a field component (`<TextField {...input('name')} />`). A field declared without an input has
 * a null label, which no field component takes.
 */
export function inputOf<Prefix extends string, Labels extends FieldInputs<string>>(
  prefix: Prefix,
  labels: Labels,
) {
  return <Field extends keyof Labels & string>(field: Field) => ({
    path: `${prefix}.${field}` as const,
    label: labels[field],
  })
}
