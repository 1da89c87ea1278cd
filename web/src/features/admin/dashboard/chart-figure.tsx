import type { ChartConfiguration } from 'chart.js'
import { type ReactNode, useId, useState } from 'react'
import { ChartCanvas } from './chart-canvas'

/** A chart with its title, a one-sentence summary for screen readers, and its numbers as a table on request. */
export function ChartFigure({
  title,
  summary,
  config,
  table,
  empty,
}: {
  title: string
  summary: string
  config: ChartConfiguration
  table: ReactNode
  /** Said instead of an empty chart. */
  empty?: string | undefined
}) {
  const [showTable, setShowTable] = useState(false)
  const tableId = useId()
  return (
    <figure className="chart">
      <figcaption className="chart__title">{title}</figcaption>
      {empty ? (
        <p className="chart__empty">{empty}</p>
      ) : (
        <div className="chart__canvas">
          <ChartCanvas config={config} label={`${title}. ${summary}`} />
        </div>
      )}
      <button
        type="button"
        className="link-button chart__toggle"
        aria-expanded={showTable}
        aria-controls={tableId}
        onClick={() => setShowTable((shown) => !shown)}
      >
        {showTable ? 'Hide the table' : 'Show as a table'}
      </button>
      <div id={tableId} className="chart__table" hidden={!showTable}>
        {table}
      </div>
    </figure>
  )
}
