import { useEffect, useRef, useState } from 'react'
import { useConfirm } from '../../../components/ui/confirm'
import { Modal } from '../../../components/ui/modal'
import { PleaseWait } from '../../../components/ui/please-wait'
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
  return `${name} - ${enrollment.status}`
}

export function EnrollmentDialog({ guid, onClose, onChanged }: EnrollmentDialogProps) {
  const confirm = useConfirm()
  const [loaded, setLoaded] = useState<SavedEnrollment | null>(null)
  const [failed, setFailed] = useState(false)
  const dirty = useRef(false)

  useEffect(() => {
    const controller = new AbortController()
    getEnrollment(guid, controller.signal).then(setLoaded, (error: unknown) => {
      if (controller.signal.aborted) return
      console.error('Could not load the enrollment', error)
      setFailed(true)
    })
    return () => controller.abort()
  }, [guid])

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
    <Modal title={dialogTitle(loaded)} className="modal--wide" onRequestClose={requestClose}>
      {failed && <p className="placeholder">This enrollment could not be loaded.</p>}
      {!failed && !loaded && <PleaseWait />}
      {loaded && (
        <EditEnrollment
          loaded={loaded}
          onDirty={(value) => {
            dirty.current = value
          }}
          onSaved={(saved) => {
            setLoaded(saved)
            onChanged({
              name: saved.lma?.name || saved.dealers[0]?.name || '',
              bac: saved.type === 'Dealer' ? (saved.dealers[0]?.bac ?? '') : '',
              modified: saved.modified,
            })
          }}
          onStatus={(status) => onChanged({ status, modified: new Date().toISOString() })}
          close={onClose}
        />
      )}
    </Modal>
  )
}
