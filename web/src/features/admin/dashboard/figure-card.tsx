import type { ComparedFigure } from '@shared/dashboard/dashboard-schema'
import { Link } from 'wouter'
import { changeText, formatCount } from './figure-change'

/** One figure: this year's value (a link to the list filtered to it, where the list can show it), last year's, the change. */
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
        Last year: {format(figure.previous)} · {changeText(figure, format)}
      </dd>
    </div>
  )
}
