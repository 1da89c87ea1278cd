import { formatDateTime } from '@shared/format/date-text'
import { formatCount } from '@shared/format/number-text'
import { OFFICE_LIMITS } from '@shared/office/office-limits'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { focusWhenRendered } from '../../../components/ui/move-focus'
import { useChanged } from '../query/admin-changes'
import { adminKeys } from '../query/admin-keys'
import { QueryView, reloading } from '../query/query-view'
import { useMay } from '../staff-access'
import { fieldErrorText } from './field-error'
import { type EnrollmentNote, getNotes, postNote } from './office-calls'

/**
 * Internal notes (docs/product.md#office-workflow): what administrators wrote about the
 * enrollment, oldest first, and a box to add one for a role that may change it. Never shown
 * outside the admin area.
 */
export function NotesPanel({ guid }: { guid: string }) {
  const client = useQueryClient()
  const changed = useChanged()
  const mayChange = useMay('change')
  const [open, setOpen] = useState(false)
  const [said, setSaid] = useState('')
  const notes = useQuery({
    queryKey: adminKeys.notes(guid),
    queryFn: ({ signal }) => getNotes(guid, signal),
    enabled: open,
  })
  return (
    <details
      className="history office-panel"
      aria-busy={reloading(notes)}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>Internal notes</summary>
      {open && (
        <QueryView query={notes} failed="The notes could not be loaded.">
          {(all) => {
            return (
              <>
                {all.length === 0 ? (
                  <p className="office-panel__empty">No notes yet.</p>
                ) : (
                  <ol className="history__list notes__list">
                    {all.map((note) => (
                      <li key={note.id} data-note={note.id} tabIndex={-1}>
                        <p className="notes__meta">
                          <strong>{note.author}</strong> on {formatDateTime(note.at)}
                        </p>
                        <p className="notes__text">{note.text}</p>
                      </li>
                    ))}
                  </ol>
                )}
                {mayChange && (
                  <NoteComposer
                    guid={guid}
                    onAdded={(note) => {
                      // Shown at once; the notes are then loaded again, with any another wrote.
                      client.setQueryData(adminKeys.notes(guid), (list: EnrollmentNote[] = []) => [
                        ...list.filter((each) => each.id !== note.id),
                        note,
                      ])
                      void changed({ action: 'note', guid })
                      setSaid('Note added.')
                      // The keyboard goes to the new note (the button was disabled while saving).
                      focusWhenRendered(() =>
                        document.querySelector<HTMLElement>(`[data-note="${CSS.escape(note.id)}"]`),
                      )
                    }}
                  />
                )}
                <p className="visually-hidden" role="status">
                  {said}
                </p>
              </>
            )
          }}
        </QueryView>
      )}
    </details>
  )
}

function NoteComposer({ guid, onAdded }: { guid: string; onAdded(note: EnrollmentNote): void }) {
  const id = useId()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const max = OFFICE_LIMITS.note
  const save = async () => {
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      onAdded(await postNote(guid, text))
      setText('')
    } catch (caught) {
      setError(fieldErrorText(caught, 'text', 'The note could not be added.'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={`field notes__composer${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={`${id}-note`}>
        Add a note <span className="field__suffix">(only the program office sees notes)</span>
      </label>
      <textarea
        id={`${id}-note`}
        className="field__input notes__input"
        rows={3}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${id}-count`} className="field__hint">
        {formatCount(text.length)} of {formatCount(max)} characters
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button" disabled={busy} onClick={() => void save()}>
        Add Note
      </button>
    </div>
  )
}
