import { useId, useState } from 'react'
import { useConfirm } from '../../../components/ui/confirm'
import { useToast } from '../../../components/ui/toast'
import { api } from '../../../lib/api-client'
import type { SavedEnrollment } from '../../enrollment/api/enrollment-calls'
import { useChanged } from '../query/admin-changes'

/** Whom the receipt, and so the status link, went to: an LMA's contact, a dealer's representative. */
function receiptRecipient(enrollment: SavedEnrollment): string {
  return enrollment.type === 'Lma'
    ? (enrollment.lma?.emailAddress ?? '')
    : (enrollment.dealers[0]?.authEmailAddress ?? '')
}

/**
 * "Revoke and re-issue status link" (docs/product.md#status-page): every link to the
 * enrollment's status page stops working, and a new one is mailed to the receipt's recipient.
 */
export function StatusLinkPanel({ enrollment }: { enrollment: SavedEnrollment }) {
  const id = useId()
  const confirm = useConfirm()
  const toast = useToast()
  const changed = useChanged()
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState('')
  const recipient = receiptRecipient(enrollment)

  async function reissue() {
    const question = `Revoke every link to this enrollment's status page and mail a new one to ${recipient}?`
    if (!(await confirm(question))) return
    setBusy(true)
    try {
      const { sentTo } = await api.post<{ sentTo: string }>(
        `/api/enrollments/${encodeURIComponent(enrollment.guid)}/status-link/reissue`,
      )
      void changed({ action: 'status-link', guid: enrollment.guid })
      const done = `Status link re-issued to ${sentTo}.`
      toast.success(done)
      setSaid(done)
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="history office-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="office-panel__title">
        Status page link
      </h3>
      <p>
        The enrollee's status page opens with the link in the receipt. If it reached the wrong
        person, revoke it: earlier links stop working and a new one goes to{' '}
        {recipient || 'the receipt’s recipient'}.
      </p>
      <p>
        <button type="button" className="button" onClick={reissue} disabled={busy || !recipient}>
          Revoke and re-issue status link
        </button>
      </p>
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </section>
  )
}
