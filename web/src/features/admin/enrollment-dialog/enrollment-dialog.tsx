import { REFERENCE_LABEL } from '@shared/enrollment/enrollment-reference'
import { statusWords } from '@shared/format/status-words'
import { useCallback, useRef, useState } from 'react'
import { useConfirm } from '../../../components/ui/confirm'
import { LoadView } from '../../../components/ui/load-view'
import { Modal } from '../../../components/ui/modal'
import { useLoad } from '../../../components/ui/use-load'
import { getEnrollment, type SavedEnrollment } from '../../enrollment/api/enrollment-calls'
import { EditEnrollment } from './edit-enrollment'

export interface EnrollmentDialogProps {
  guid: string
  onClose(): void
  /** A saved change or a new status, for the list row. */
  onChanged(change: { status?: string; name?: string; bac?: string; modified?: string }): void
}

export function dialogTitle(enrollment: SavedEnrollment | null): string {
  if (!enrollment) return 'Enrollment'
  const name = enrollment.lma?.name || enrollment.dealers[0]?.name || 'No Name'
  return `${name} - ${statusWords(enrollment.status)}`
}

/** 'Reference C81C-6061-6136' under the title, which stays as the spec words it. */
export function dialogSubtitle(enrollment: SavedEnrollment | null): string | undefined {
  return enrollment ? `${REFERENCE_LABEL} ${enrollment.reference}` : undefined
}

export function EnrollmentDialog({ guid, onClose, onChanged }: EnrollmentDialogProps) {
  const confirm = useConfirm()
  const load = useLoad(useCallback((signal: AbortSignal) => getEnrollment(guid, signal), [guid]))
  // A save answers the enrollment as it now is: it replaces the one loaded.
  const [saved, setSaved] = useState<SavedEnrollment | null>(null)
  const loaded = saved ?? (load.status === 'loaded' ? load.value : null)
  const dirty = useRef(false)

  const requestClose = async () => {
    if (
      dirty.current &&
      !(await confirm('You have unsaved changes. Do you really want to close without saving them?'))
    ) {
      return
    }
    onClose()
  }

  return (
    <Modal
      title={dialogTitle(loaded)}
      subtitle={dialogSubtitle(loaded)}
      className="modal--wide"
      onRequestClose={requestClose}
    >
      <LoadView load={load} failed="This enrollment could not be loaded.">
        {(first) => (
          <EditEnrollment
            loaded={saved ?? first}
            onDirty={(value) => {
              dirty.current = value
            }}
            onSaved={(updated) => {
              setSaved(updated)
              onChanged({
                name: updated.lma?.name || updated.dealers[0]?.name || '',
                bac: updated.type === 'Dealer' ? (updated.dealers[0]?.bac ?? '') : '',
                modified: updated.modified,
              })
            }}
            onStatus={(status) => onChanged({ status, modified: new Date().toISOString() })}
            close={onClose}
          />
        )}
      </LoadView>
    </Modal>
  )
}
