import { useEffect, useState } from 'react'
import { getEnrollmentHistory, type HistoryEntry } from '../api/admin-calls'

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(blank)'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** Who did what and when, oldest first; loaded when opened. */
export function HistoryPanel({ guid, version }: { guid: string; version: number | undefined }) {
  const [open, setOpen] = useState(false)
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null)
  useEffect(() => {
    if (!open || version === undefined) return
    const controller = new AbortController()
    getEnrollmentHistory(guid, controller.signal).then(setEntries, (error: unknown) => {
      if (!controller.signal.aborted) console.error('Could not load the history', error)
    })
    return () => controller.abort()
  }, [open, guid, version])
  return (
    <details className="history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>History</summary>
      {entries === null ? (
        <p>Please wait...</p>
      ) : (
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
    </details>
  )
}
