import { formatDateTime } from '@shared/format/date-text'
import { MAIL_STATUS_WORDS, mailKindWords } from '@shared/format/mail-words'
import { useCallback, useState } from 'react'
import { LoadView } from '../../../components/ui/load-view'
import { useToast } from '../../../components/ui/toast'
import { useLoad } from '../../../components/ui/use-load'
import { type EnrollmentMail, getMails, sendMailAgain } from './office-calls'

/**
 * The mails about the enrollment and whether each reached the relay
 * (docs/product.md#office-workflow); a failed or retrying one can be sent again.
 */
export function MailsPanel({ guid, version }: { guid: string; version: number | undefined }) {
  const [open, setOpen] = useState(false)
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: an action (version) or a resend (attempt) changes the list
  const load = useCallback(
    (signal: AbortSignal) => getMails(guid, signal),
    [guid, version, attempt],
  )
  const mails = useLoad(open ? load : null)
  return (
    <details
      className="history office-panel"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>Mails</summary>
      {open && (
        <LoadView load={mails} failed="The mails could not be loaded.">
          {(list) =>
            list.length === 0 ? (
              <p className="office-panel__empty">No mails about this enrollment.</p>
            ) : (
              <div className="office-table-wrap">
                <table className="office-table">
                  <caption className="visually-hidden">Mails about this enrollment</caption>
                  <thead>
                    <tr>
                      <th scope="col">Mail</th>
                      <th scope="col">To</th>
                      <th scope="col">Status</th>
                      <th scope="col">Attempts</th>
                      <th scope="col">Sent</th>
                      <th scope="col">
                        <span className="visually-hidden">Action</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((mail) => (
                      <MailRow
                        key={mail.id}
                        guid={guid}
                        mail={mail}
                        onSent={() => setAttempt((count) => count + 1)}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </LoadView>
      )}
    </details>
  )
}

function MailRow({ guid, mail, onSent }: { guid: string; mail: EnrollmentMail; onSent(): void }) {
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const canResend = mail.status === 'failed' || mail.status === 'retrying'
  const resend = async () => {
    setBusy(true)
    try {
      await sendMailAgain(guid, mail.id)
      toast.success(`${mailKindWords(mail.kind)} to ${mail.recipient} will be sent again.`)
      onSent()
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : 'The mail could not be sent again.')
      onSent()
    } finally {
      setBusy(false)
    }
  }
  return (
    <tr>
      <td>{mailKindWords(mail.kind)}</td>
      <td className="office-table__recipient">{mail.recipient}</td>
      <td>
        <span className={`mail-status mail-status--${mail.status}`}>
          {MAIL_STATUS_WORDS[mail.status]}
        </span>
        {mail.lastError && mail.status !== 'sent' && (
          <span className="office-table__error">{mail.lastError}</span>
        )}
      </td>
      <td>{mail.attempts}</td>
      <td>{mail.sentAt ? formatDateTime(mail.sentAt) : '—'}</td>
      <td>
        {canResend && (
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            aria-label={`Send the ${mailKindWords(mail.kind).toLowerCase()} to ${mail.recipient} again`}
            onClick={() => void resend()}
          >
            Send Again
          </button>
        )}
      </td>
    </tr>
  )
}
