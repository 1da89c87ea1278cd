/** Characters that make a spreadsheet read a cell as a formula (docs/product.md#reports). */
const FORMULA_START = /^[=+\-@\t\r]/

/** The most characters an Excel cell holds; a longer one makes Excel repair (and drop) the file. */
export const MAX_CELL_LENGTH = 32_767

/**
 * User-supplied text as a spreadsheet cell: a value a spreadsheet could run as a formula
 * (`=HYPERLINK(…)`, `+1`, `@SUM(…)`) gets a leading single quote, so it stays inert text even
 * after someone edits the cell; a value longer than a cell holds is cut, with an ellipsis.
 */
export function safeCellText(value: string | null | undefined): string {
  const text = value ?? ''
  const inert = FORMULA_START.test(text) ? `'${text}` : text
  if (inert.length <= MAX_CELL_LENGTH) return inert
  let kept = inert.slice(0, MAX_CELL_LENGTH - 1)
  // Cut on a whole character: never half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1)
  return `${kept}…`
}
