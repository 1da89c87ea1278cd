import type { SavedEnrollment } from '@shared/enrollment/enrollment'
import { receiptAddress } from '@shared/enrollment/receipt-address'
import { useId, useState } from 'react'
import { useConfirm } from '../../../components/ui/confirm'
import { focusWhenRendered } from '../../../components/ui/move-focus'
import { useToast } from '../../../components/ui/toast'
import { useChanged } from '../query/admin-changes'
import { postStatusLinkReissue } from './office-calls'

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
  const recipient = receiptAddress(enrollment)
  const saidId = `${id}-said`

  async function reissue() {
    if (busy) return
    const question = `Revoke every link to this enrollment's status page and mail a new one to ${recipient}?`
    if (!(await confirm(question))) return
    setBusy(true)
    try {
      const { sentTo } = await postStatusLinkReissue(enrollment.guid)
      void changed({ action: 'status-link', guid: enrollment.guid })
      const done = `Status link re-issued to ${sentTo}.`
      toast.success(done)
      setSaid(done)
      // The keyboard goes to what happened, not to the page's body.
      focusWhenRendered(() => document.getElementById(saidId))
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
        {/* Busy, it stays focusable (aria-disabled): the focus is not dropped to the page. */}
        <button
          type="button"
          className="button"
          onClick={reissue}
          disabled={!recipient}
          aria-disabled={busy || undefined}
        >
          Revoke and re-issue status link
        </button>
      </p>
      <p className="office-panel__said" id={saidId} role="status" tabIndex={-1}>
        {said}
      </p>
    </section>
  )
}
