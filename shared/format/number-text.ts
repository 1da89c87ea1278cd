/**
 * How a count, a signed difference and a percentage are shown, everywhere
 * (docs/product.md#how-things-are-shown): '1,204'; '+5', '−3' (the minus sign U+2212, never a
 * hyphen-minus, in the difference and the percentage alike); '+20%', '−10%'.
 */

const whole = new Intl.NumberFormat('en-US')

/** The minus sign of every signed figure: U+2212, as wide as the plus sign. */
export const MINUS_SIGN = '\u2212'

/** 1204 → '1,204'. */
export function formatCount(value: number): string {
  return whole.format(value)
}

/** '1 kit', '1,204 kits': a count and its noun, singular for one. */
export function countText(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`
}

/** 5 → '+5', −3 → '−3', 0 → '0'; `format` writes the size (formatCount, or an amount's). */
export function formatSigned(
  value: number,
  format: (value: number) => string = formatCount,
): string {
  if (value === 0) return format(0)
  return `${value > 0 ? '+' : MINUS_SIGN}${format(Math.abs(value))}`
}

/** A ratio as a signed whole percentage: 0.2 → '+20%', −0.104 → '−10%', 0.004 → '0%'. */
export function formatPercentChange(ratio: number): string {
  const percent = Math.round(Math.abs(ratio) * 100)
  if (percent === 0) return '0%'
  return `${ratio > 0 ? '+' : MINUS_SIGN}${formatCount(percent)}%`
}

/** A figure beside last year's: this year's value, and last year's. */
export interface Compared {
  current: number
  previous: number
}

/**
 * The change from last year, in parts a screen can keep whole: the difference ('+5', '−3',
 * written by `format`) and beside it the percentage ('+20%') or 'none last year'; null for no
 * change.
 */
export function changeParts(
  figure: Compared,
  format: (value: number) => string = formatCount,
): { difference: string; relative: string } | null {
  const difference = figure.current - figure.previous
  if (difference === 0) return null
  return {
    difference: formatSigned(difference, format),
    relative:
      figure.previous === 0 ? 'none last year' : formatPercentChange(difference / figure.previous),
  }
}

/** '+5 (+20%)', '−3 (−10%)', 'no change', '+5 (none last year)'. */
export function changeText(
  figure: Compared,
  format: (value: number) => string = formatCount,
): string {
  const parts = changeParts(figure, format)
  return parts ? `${parts.difference} (${parts.relative})` : 'no change'
}
