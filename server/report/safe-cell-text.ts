/** Characters that make a spreadsheet read a cell as a formula (DESIGN.md §8). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * User-supplied text as a spreadsheet cell: a value a spreadsheet could run as a formula
 * (`=HYPERLINK(…)`, `+1`, `@SUM(…)`) gets a leading single quote, so it stays inert text even
 * after someone edits the cell.
 */
export function safeCellText(value: string | null | undefined): string {
  const text = value ?? ''
  return FORMULA_START.test(text) ? `'${text}` : text
}
