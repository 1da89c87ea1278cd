import { formatDateTime } from '@shared/format/date-text'
import { MAIL_STATUS_WORDS, mailKindWords } from '@shared/format/mail-words'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { focusWhenRendered } from '../../../components/ui/move-focus'
import { useToast } from '../../../components/ui/toast'
import { useChanged } from '../query/admin-changes'
import { adminKeys } from '../query/admin-keys'
import { QueryView, reloading } from '../query/query-view'
import { useMay } from '../staff-access'
import { type EnrollmentMail, getMails, type MailStatus, postSendAgain } from './office-calls'

/** How often a mail sent again is looked at until it settles, and for how long at most. */
export const FOLLOW_MS = 1500
const FOLLOW_LIMIT_MS = 5 * 60_000

/** A mail the worker is done with, for now: sent, or given up on again. */
const settled = (status: MailStatus) => status === 'sent' || status === 'failed'

const statusCellOf = (id: string) =>
  document.querySelector<HTMLElement>(`[data-mail-status="${CSS.escape(id)}"]`)

/**
 * The mails about the enrollment and whether each reached the relay
 * (docs/product.md#office-workflow); a failed, retrying or held-back one can be sent again by a role that
 * may change things, and its row then follows the mail until it is sent or fails again.
 */
export function MailsPanel({ guid }: { guid: string }) {
  const [open, setOpen] = useState(false)
  const mails = useQuery({
    queryKey: adminKeys.mails(guid),
    queryFn: ({ signal }) => getMails(guid, signal),
    enabled: open,
  })
  return (
    <details
      className="history office-panel"
      aria-busy={reloading(mails)}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>Mails</summary>
      {open && (
        <QueryView query={mails} failed="The mails could not be loaded.">
          {(list) =>
            list.length === 0 ? (
              <p className="office-panel__empty">No mails about this enrollment.</p>
            ) : (
              <MailsTable guid={guid} mails={list} />
            )
          }
        </QueryView>
      )}
    </details>
  )
}

/** The loaded mails, each row updated in place while a mail sent again is followed. */
function MailsTable({ guid, mails }: { guid: string; mails: EnrollmentMail[] }) {
  const toast = useToast()
  const client = useQueryClient()
  const changed = useChanged()
  const mayChange = useMay('change')
  const [following, setFollowing] = useState<ReadonlySet<string>>(new Set())
  const setMails = (update: (current: EnrollmentMail[]) => EnrollmentMail[]) =>
    client.setQueryData(adminKeys.mails(guid), (current: EnrollmentMail[] = []) => update(current))

  useEffect(() => {
    if (following.size === 0) return
    const controller = new AbortController()
    const started = Date.now()
    let timer: ReturnType<typeof setTimeout>
    const look = async () => {
      try {
        const fresh = await getMails(guid, controller.signal)
        if (controller.signal.aborted) return
        client.setQueryData(adminKeys.mails(guid), fresh)
        const done = fresh.filter((mail) => following.has(mail.id) && settled(mail.status))
        for (const mail of done) {
          const what = `${mailKindWords(mail.kind)} to ${mail.recipient}`
          if (mail.status === 'sent') toast.success(`${what} was sent.`)
          else toast.error(`${what} failed again: ${mail.lastError ?? 'no answer from the relay'}.`)
        }
        if (done.length > 0) {
          // A mail sent (or failed again) leaves the list's Failed mail filter, or joins it.
          void changed({ action: 'mail-again', guid })
          setFollowing(
            (current) => new Set([...current].filter((id) => !done.some((mail) => mail.id === id))),
          )
          return
        }
      } catch {
        if (controller.signal.aborted) return
        // A look that failed is tried again at the next turn.
      }
      if (Date.now() - started < FOLLOW_LIMIT_MS) timer = setTimeout(look, FOLLOW_MS)
    }
    timer = setTimeout(look, FOLLOW_MS)
    return () => {
      controller.abort()
      clearTimeout(timer)
    }
  }, [guid, following, toast, client, changed])

  const resend = async (mail: EnrollmentMail) => {
    const what = `${mailKindWords(mail.kind)} to ${mail.recipient}`
    try {
      const queued = await postSendAgain(guid, mail.id)
      setMails((current) => current.map((each) => (each.id === queued.id ? queued : each)))
      void changed({ action: 'mail-again', guid })
      toast.success(`${what} will be sent again.`)
      if (!settled(queued.status)) setFollowing((current) => new Set([...current, mail.id]))
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : 'The mail could not be sent again.')
      setFollowing((current) => new Set([...current, mail.id]))
    }
    // The button is gone or disabled now: the keyboard goes to the mail's status.
    focusWhenRendered(() => statusCellOf(mail.id))
  }

  return (
    // Focusable and named, so that a keyboard can scroll it where the table is wider than the
    // dialog (below 40rem each mail is a card and nothing scrolls).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard
    <section className="office-table-wrap" tabIndex={0} aria-label="Mails about this enrollment">
      <table className="office-table office-table--mails">
        <caption className="visually-hidden">Mails about this enrollment</caption>
        <thead>
          <tr>
            <th scope="col">Mail</th>
            <th scope="col">To</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Sent</th>
            {mayChange && (
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {mails.map((mail) => (
            <MailRow
              key={mail.id}
              mail={mail}
              following={following.has(mail.id)}
              onResend={mayChange ? () => resend(mail) : undefined}
            />
          ))}
        </tbody>
      </table>
    </section>
  )
}

function MailRow({
  mail,
  following,
  onResend,
}: {
  mail: EnrollmentMail
  following: boolean
  /** Absent for a role that may not send a mail again: the row has no Action cell. */
  onResend: (() => Promise<void>) | undefined
}) {
  const [busy, setBusy] = useState(false)
  const canResend =
    !following && (mail.status === 'failed' || mail.status === 'retrying' || mail.status === 'held')
  const resend = async () => {
    if (!onResend) return
    setBusy(true)
    try {
      await onResend()
    } finally {
      setBusy(false)
    }
  }
  return (
    <tr>
      <th scope="row" className="office-table__kind">
        {mailKindWords(mail.kind)}
      </th>
      <td className="office-table__recipient" data-label="To">
        {mail.recipient}
      </td>
      <td data-label="Status" data-mail-status={mail.id} tabIndex={-1}>
        <span className={`mail-status mail-status--${mail.status}`}>
          {MAIL_STATUS_WORDS[mail.status]}
        </span>
        {mail.lastError && mail.status !== 'sent' && (
          <span className="office-table__error">{mail.lastError}</span>
        )}
      </td>
      <td data-label="Attempts">{mail.attempts}</td>
      <td data-label="Sent">{mail.sentAt ? formatDateTime(mail.sentAt) : '—'}</td>
      {onResend && (
        <td className="office-table__action">
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
      )}
    </tr>
  )
}
