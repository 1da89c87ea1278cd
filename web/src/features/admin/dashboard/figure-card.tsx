import type { ComparedFigure } from '@shared/dashboard/dashboard-schema'
import { changeParts, formatCount } from '@shared/format/number-text'
import { Link } from 'wouter'

/**
 * One figure: this year's value (a link to the list filtered to it, where the list can show it),
 * last year's, the change. A number or an amount is never broken across lines: the value stays
 * on one line, and each number of the line below stays whole where the line wraps.
 */
export function FigureCard({
  label,
  figure,
  href,
  format = formatCount,
}: {
  label: string
  figure: ComparedFigure
  href?: string | undefined
  format?: (value: number) => string
}) {
  const value = format(figure.current)
  const change = changeParts(figure, format)
  return (
    <div className="figure-card">
      <dt className="figure-card__label">{label}</dt>
      <dd className="figure-card__value">
        {href ? (
          <Link href={`~${href}`} aria-label={`${label}: ${value}, show in the enrollment list`}>
            {value}
          </Link>
        ) : (
          value
        )}
      </dd>
      <dd className="figure-card__previous">
        Last year: <span className="figure-number">{format(figure.previous)}</span> ·{' '}
        {change ? (
          <>
            <span className="figure-number">{change.difference}</span>{' '}
            <span className="figure-number">({change.relative})</span>
          </>
        ) : (
          'no change'
        )}
      </dd>
    </div>
  )
}
