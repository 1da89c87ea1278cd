import type { Dashboard } from '@shared/dashboard/dashboard-schema'
import { changeText } from '@shared/format/number-text'

const HISPANIC_LABELS: Record<string, string> = {
  Yes: 'With Hispanic kits',
  No: 'English only',
  Only: 'Hispanic only',
}

/** Dealers ordering kits (dealer rows), by kit size and Hispanic option, this year beside last year. */
export function KitsTable({ data }: { data: Dashboard }) {
  const sizes = [...new Set(data.dealersByKit.map((entry) => entry.kitSize))]
  const options = [...new Set(data.dealersByKit.map((entry) => entry.hispanic))]
  return (
    <div className="list-table-frame">
      <table className="data-table kits-table">
        <caption className="visually-hidden">
          Dealers ordering kits in {data.year} by kit size and Hispanic option, with {data.year - 1}{' '}
          at the same day
        </caption>
        <thead>
          <tr>
            <th scope="col">Kit size</th>
            {options.map((option) => (
              <th scope="col" key={option}>
                {HISPANIC_LABELS[option] ?? option}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sizes.map((size) => (
            <tr key={size}>
              <th scope="row">{size}</th>
              {options.map((option) => {
                const entry = data.dealersByKit.find(
                  (kit) => kit.kitSize === size && kit.hispanic === option,
                )
                return (
                  <td key={option}>
                    <span className="kits-table__value">{entry?.current ?? 0}</span>
                    {entry && (
                      <span className="kits-table__previous">
                        last year {entry.previous} · {changeText(entry)}
                      </span>
                    )}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
