import type { ComparedFigure } from '@shared/dashboard/dashboard-schema'

const whole = new Intl.NumberFormat('en-US')
const percent = new Intl.NumberFormat('en-US', {
  style: 'percent',
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
})

/** '+5 (+20%)', '−3 (−10%)', 'no change', '+5 (none last year)'; `format` writes the amounts. */
export function changeText(
  figure: ComparedFigure,
  format: (value: number) => string = (value) => whole.format(value),
): string {
  const difference = figure.current - figure.previous
  if (difference === 0) return 'no change'
  const sign = difference > 0 ? '+' : '−'
  const amount = `${sign}${format(Math.abs(difference))}`
  if (figure.previous === 0) return `${amount} (none last year)`
  return `${amount} (${percent.format(difference / figure.previous)})`
}

export function formatCount(value: number): string {
  return whole.format(value)
}
