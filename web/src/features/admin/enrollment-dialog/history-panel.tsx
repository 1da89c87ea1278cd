import { formatDateTime } from '@shared/format/date-text'
import { statusWords } from '@shared/format/status-words'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useRegions } from '../../enrollment/api/get-regions'
import { getEnrollmentHistory } from '../api/admin-calls'
import { adminKeys } from '../query/admin-keys'
import { QueryView, reloading } from '../query/query-view'
import { changeText } from './history-labels'

/**
 * Who did what and when, oldest first, with each change labelled (history-labels.ts); loaded when
 * opened, and again after each action that adds to it (admin-changes.ts).
 */
export function HistoryPanel({ guid, type }: { guid: string; type: 'Lma' | 'Dealer' }) {
  const [open, setOpen] = useState(false)
  const history = useQuery({
    queryKey: adminKeys.history(guid),
    queryFn: ({ signal }) => getEnrollmentHistory(guid, signal),
    enabled: open,
  })
  // Region names for 'Region: Great Lakes → California'; without them the id is shown.
  const regionLoad = useRegions(open)
  const regions = regionLoad.status === 'loaded' ? regionLoad.value : []
  return (
    <details
      className="history"
      aria-busy={reloading(history)}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>History</summary>
      <QueryView query={history} failed="The history could not be loaded.">
        {(entries) => (
          <ol className="history__list">
            {entries.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the history never reorders
              <li key={index}>
                <p>
                  {/* The action as stored: actions added later read as they were written. */}
                  <strong>{entry.action}</strong> by {entry.actor} on {formatDateTime(entry.at)}
                  {entry.statusBefore !== entry.statusAfter &&
                    ` (${entry.statusBefore ? statusWords(entry.statusBefore) : 'new'} → ${entry.statusAfter ? statusWords(entry.statusAfter) : 'removed'})`}
                </p>
                {entry.reason && <p className="history__reason">Reason: {entry.reason}</p>}
                {entry.changes.length > 0 && (
                  <ul className="history__changes">
                    {entry.changes.map((change, position) => {
                      const text = changeText(change, { regions, lmaRows: type === 'Lma' })
                      return (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a change's place in its entry never changes
                        <li key={position}>
                          {text.subject}:{' '}
                          {text.before !== null && text.after !== null ? (
                            <>
                              {text.before} → {text.after}
                            </>
                          ) : (
                            (text.after ?? text.before)
                          )}
                        </li>
                      )
                    })}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}
      </QueryView>
    </details>
  )
}
