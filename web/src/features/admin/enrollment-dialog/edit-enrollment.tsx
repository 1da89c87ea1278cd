import type { Enrollment, SavedEnrollment } from '@shared/enrollment/enrollment'
import { erasedNotice } from '@shared/enrollment/retention'
import type { AdminAction } from '@shared/enrollment/status-rules'
import { changeRefusalReason, isReadOnly } from '@shared/enrollment/status-rules'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useFormDirty, useFormState } from '../../../components/form/form-state'
import { useConfirm } from '../../../components/ui/confirm'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { useConfig } from '../../config/config-context'
import { DealerForm } from '../../enrollment/dealer-form/dealer-form'
import { LmaForm } from '../../enrollment/lma-form/lma-form'
import { getInvoice } from '../../invoice/invoice-calls'
import { postAdminAction, postEnrollmentUpdate } from '../api/admin-calls'
import { MailsPanel } from '../office/mails-panel'
import { NotesPanel } from '../office/notes-panel'
import { PaymentPanel } from '../office/payment-panel'
import { useReasonPrompt } from '../office/reason-prompt'
import { StatusLinkPanel } from '../office/status-link-panel'
import { adminKeys } from '../query/admin-keys'
import { useStaffAccess } from '../staff-access'
import { ACTION_TEXTS, ActionButtons } from './action-buttons'
import { AuthorizationReminders } from './authorization-reminders'
import { HistoryPanel } from './history-panel'
import {
  SAVE_REVISION_ANSWERS,
  SAVE_REVISION_TITLE,
  saveRevision,
  saveRevisionQuestion,
} from './save-revision'
import { ShipmentsPanel } from './shipments-panel'

export interface EditEnrollmentProps {
  loaded: SavedEnrollment
  onSaved(saved: SavedEnrollment): void
  onStatus(status: string): void
  /** Told, after the render that shows it, whenever the form gains or loses unsaved changes. */
  onDirty(dirty: boolean): void
  close(): void
}

/** Above the form of a user whose role changes nothing, which has no buttons. */
const READ_ONLY_NOTE = 'Your role is read-only: you can see this enrollment but not change it.'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The dialog's body: the form in edit mode, the actions of the current year, the history. */
export function EditEnrollment({ loaded, onSaved, onStatus, onDirty, close }: EditEnrollmentProps) {
  const { enrollmentYear } = useConfig()
  const { may, regionChoices } = useStaffAccess()
  // A role that may change nothing sees the form as it is, without a button (docs/product.md#users).
  const mayChange = may('change')
  const confirm = useConfirm()
  const toast = useToast()
  const client = useQueryClient()
  const [reasonPrompt, askReason] = useReasonPrompt()
  const [saved, setSaved] = useState(loaded)
  const [busy, setBusy] = useState(false)
  const current = loaded.year === enrollmentYear
  const form = useFormState<Enrollment>(
    loaded,
    !mayChange ||
      isReadOnly({
        mode: 'edit',
        status: loaded.status,
        year: loaded.year,
        currentYear: enrollmentYear,
      }),
  )
  const dirty = useFormDirty(form)
  // The owner hears of it once the render that shows it is committed, never during a render:
  // onDirty may set the owner's state, which React refuses while another component renders.
  useEffect(() => onDirty(dirty), [dirty, onDirty])

  /**
   * An Approved LMA's invoice as it now stands, to tell whether the save revises it; null when
   * there is none to revise (or it cannot be read: the server then decides alone).
   */
  const currentInvoice = async () => {
    if (saved.type !== 'Lma' || saved.status !== 'Approved') return null
    try {
      return await client.fetchQuery({
        queryKey: adminKeys.invoiceDocument(saved.guid),
        queryFn: ({ signal }) => getInvoice(saved.guid, signal),
        staleTime: 0,
      })
    } catch {
      return null
    }
  }

  /** Save asks first; a save that revises the invoice says so, and what it mails to whom. */
  const beforeSubmit = async () => {
    const revision = saveRevision(saved.status, await currentInvoice(), form.values)
    const agreed = revision
      ? await confirm(saveRevisionQuestion(revision), SAVE_REVISION_TITLE, SAVE_REVISION_ANSWERS)
      : await confirm('Save the changes to this enrollment?')
    if (!agreed) return false
    // The spec's 50 ms: "Save actions wait 50 ms before submitting" (docs/product.md#detail-dialog
    // and #constants, "pause before a save is sent"), so that the last keystroke is in the values
    // sent. edit-enrollment.test.tsx times it.
    await pause(50)
    return true
  }

  async function save(values: Enrollment, intent: string) {
    try {
      const updated = await postEnrollmentUpdate(saved.guid, {
        ...values,
        guid: saved.guid,
        version: saved.version,
      })
      setSaved(updated)
      form.reset(updated)
      onSaved(updated)
      toast.success('Changes saved.')
      if (intent === 'close') close()
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) throw error
      toast.error(error instanceof Error ? error.message : String(error))
    }
  }

  /**
   * Decline and Re-authorize ask for an optional reason (Decline also whether the enrollee's
   * status page shows it); the others are a plain Yes/No.
   */
  async function ask(
    action: AdminAction,
  ): Promise<{ reason?: string | undefined; shareReason?: boolean } | null> {
    const { question } = ACTION_TEXTS[action]
    if (action === 'decline' || action === 'reauthorize') {
      const answer = await askReason(question, { offerToShare: action === 'decline' })
      return answer === null
        ? null
        : { reason: answer.reason || undefined, shareReason: answer.shareReason }
    }
    return (await confirm(question)) ? {} : null
  }

  async function act(action: AdminAction) {
    const answer = await ask(action)
    if (!answer) return
    setBusy(true)
    try {
      const result = await postAdminAction(saved.guid, action, answer)
      toast.success(ACTION_TEXTS[action].done)
      onStatus(result.status)
      close()
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  const actions = current ? (
    <ActionButtons
      enrollment={saved}
      dirty={dirty}
      busy={busy}
      currentYear={enrollmentYear}
      mayDelete={may('delete')}
      onAction={act}
    />
  ) : undefined
  const props = {
    form,
    mode: 'edit' as const,
    onSubmit: save,
    beforeSubmit,
    actions,
    // A regional manager moves an enrollment only among their own regions.
    regionNames: regionChoices,
  }
  // Another year's enrollment has no actions at all: say why, in the rules' words.
  const unchangeable = current
    ? null
    : changeRefusalReason({ status: saved.status, year: saved.year, currentYear: enrollmentYear })
  return (
    <>
      {unchangeable && <p className="banner banner--info">{unchangeable}</p>}
      {!unchangeable && !mayChange && <p className="banner banner--info">{READ_ONLY_NOTE}</p>}
      {saved.erased && <p className="banner banner--info">{erasedNotice(saved.erased)}</p>}
      {saved.type === 'Lma' && saved.status === 'Approved' && (
        <p className="dialog-links">
          {/* biome-ignore lint/security/noBlankTarget: a page of this site, opened with an opener
              so that it starts with this tab's sign-in (session storage); noopener would drop it */}
          <a href={`/invoice/${saved.guid}`} target="_blank" rel="opener">
            View Invoice
          </a>
        </p>
      )}
      {saved.type === 'Lma' ? <LmaForm {...props} /> : <DealerForm {...props} />}
      <AuthorizationReminders guid={saved.guid} type={saved.type} />
      {/* Any LMA that has an invoice: live, under revision or void (none: no panel). */}
      {saved.type === 'Lma' && <PaymentPanel guid={saved.guid} />}
      <HistoryPanel guid={saved.guid} type={saved.type} />
      {/* Retention deleted its notes, mails and status links: nothing to show or send. */}
      {!saved.erased && (
        <>
          <NotesPanel guid={saved.guid} />
          <MailsPanel guid={saved.guid} />
          <ShipmentsPanel guid={saved.guid} isLma={saved.type === 'Lma'} />
          {/* Re-issuing the link is all the panel is for. */}
          {mayChange && <StatusLinkPanel enrollment={saved} />}
        </>
      )}
      {reasonPrompt}
    </>
  )
}
