import type { Enrollment } from '@shared/enrollment/enrollment'
import { formatDate } from '@shared/format/date-text'
import { lazy, type RefObject, Suspense, useState } from 'react'
import type { FormState } from '../../../components/form/form-state'
import { ApiError } from '../../../lib/api-client'
import { type DraftSession, draftAddress, saveDraft } from './use-draft'
import './draft.css'

// The address dialog is a chunk of its own, loaded when it is first needed.
const DraftAddressDialog = lazy(() => import('./draft-address-dialog'))

type Note = { text: string; error: boolean } | null

/**
 * 'Save and continue later' beside Submit on a new enrollment's form: keeps the form on the server
 * and mails its link, asking for an address when the form has none
 * (docs/product.md#save-and-continue-later).
 */
export function SaveDraftButton({
  form,
  session,
}: {
  form: FormState<Enrollment>
  session: RefObject<DraftSession>
}) {
  const [busy, setBusy] = useState(false)
  const [asking, setAsking] = useState(false)
  const [note, setNote] = useState<Note>(null)

  async function save(email: string) {
    setBusy(true)
    setNote(null)
    try {
      const saved = await saveDraft(session.current, email, form.values)
      const until = formatDate(saved.expiresAt)
      setNote({
        error: false,
        text: saved.mailed
          ? `Your form is saved. We emailed a link to continue to ${saved.email}; it works until ${until}.`
          : `Your form is saved. The link we emailed to ${saved.email} opens it until ${until}.`,
      })
    } catch (error) {
      console.error('Could not save the form', error)
      const refused = error instanceof ApiError && error.status === 400
      setNote({
        error: true,
        text: refused
          ? `The form could not be saved: ${error.message}`
          : 'The form could not be saved just now. Please try again.',
      })
    } finally {
      setBusy(false)
    }
  }

  function start() {
    if (busy) return
    const email = draftAddress(form.values, session.current)
    if (email) void save(email)
    else setAsking(true)
  }

  return (
    <>
      {/*
       * Busy, it stays focusable (aria-disabled, and start() ignores it): the keyboard stays on it
       * while the form saves, and the address dialog gives the focus back to it on closing.
       */}
      <button type="button" className="button" onClick={start} aria-disabled={busy || undefined}>
        {busy ? 'Saving...' : 'Save and continue later'}
      </button>
      <p
        className={`draft-note${note?.error ? ' draft-note--error' : ''}`}
        role="status"
        aria-live="polite"
      >
        {note?.text}
      </p>
      {asking && (
        <Suspense fallback={null}>
          <DraftAddressDialog
            onCancel={() => setAsking(false)}
            onSave={(email) => {
              setAsking(false)
              void save(email)
            }}
          />
        </Suspense>
      )}
    </>
  )
}
