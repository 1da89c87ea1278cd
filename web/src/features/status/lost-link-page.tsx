import { LOST_LINK_ANSWER } from '@shared/enrollment/status-page'
import { type FormEvent, useId, useState } from 'react'
import { describedBy } from '../../components/form/field-shell'
import { ApiError } from '../../lib/api-client'
import { usePageTitle } from '../../lib/page-title'
import { ProgramOfficeContact } from '../config/program-office-contact'
import { askForStatusLinks } from './status-calls'

/**
 * "Lost the mail?" (docs/product.md#lost-the-mail): an address in, the links of this year's
 * enrollments that carry it out by mail. The page says the same whether or not it is known.
 */
export function LostLinkPage() {
  usePageTitle('Lost the Mail?')
  const id = useId()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [sent, setSent] = useState(false)
  const [busy, setBusy] = useState(false)

  async function send(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setError(undefined)
    try {
      await askForStatusLinks(email)
      setSent(true)
    } catch (caught) {
      setError(emailError(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="stack">
      <p className="lead">Lost the mail with the link to your enrollment's status page?</p>
      <p>
        Enter the email address given in the enrollment: the contact's, the authorized
        representative's or the billing address. We will mail that address the links to the status
        pages of this year's enrollments that carry it.
      </p>
      <form className="lost-link" onSubmit={send} noValidate>
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={id}>
            Email address
          </label>
          <input
            id={id}
            className="field__input"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, undefined, error)}
          />
          {error && (
            <p className="field__error" id={`${id}-error`}>
              {error}
            </p>
          )}
        </div>
        {/* aria-disabled, not disabled: a disabled button drops the focus to the page. */}
        <button type="submit" className="button button--primary" aria-disabled={busy}>
          Send the Links
        </button>
      </form>
      <div role="status" aria-live="polite">
        {sent && <p className="banner banner--success">{LOST_LINK_ANSWER}</p>}
      </div>
      <p>
        If no mail arrives, please contact the program office at <ProgramOfficeContact />.
      </p>
    </section>
  )
}

/** The address's own error (400), else what the server said (429: too many requests). */
function emailError(caught: unknown): string {
  if (caught instanceof ApiError) {
    const errors = (caught.body as { errors?: Record<string, unknown> } | undefined)?.errors
    const messages = errors?.email
    if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0]
  }
  return caught instanceof Error ? caught.message : String(caught)
}
