import { useCallback, useState } from 'react'
import { LoadView } from '../../../components/ui/load-view'
import { useLoad } from '../../../components/ui/use-load'
import { getEnrollmentHistory } from '../api/admin-calls'

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(blank)'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** Who did what and when, oldest first; loaded when opened. */
export function HistoryPanel({ guid, version }: { guid: string; version: number | undefined }) {
  const [open, setOpen] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a saved change (version) adds to the history
  const load = useCallback(
    (signal: AbortSignal) => getEnrollmentHistory(guid, signal),
    [guid, version],
  )
  const history = useLoad(open && version !== undefined ? load : null)
  return (
    <details className="history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>History</summary>
      <LoadView load={history} failed="The history could not be loaded.">
        {(entries) => (
          <ol className="history__list">
            {entries.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the history never reorders
              <li key={index}>
                <p>
                  <strong>{entry.action}</strong> by {entry.actor} on{' '}
                  {WHEN.format(new Date(entry.at))}
                  {entry.statusBefore !== entry.statusAfter &&
                    ` (${entry.statusBefore ?? 'new'} → ${entry.statusAfter ?? 'removed'})`}
                </p>
                {entry.changes.length > 0 && (
                  <ul className="history__changes">
                    {entry.changes.map((change) => (
                      <li key={change.field}>
                        {change.field}: {show(change.before)} → {show(change.after)}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}
      </LoadView>
    </details>
  )
}
