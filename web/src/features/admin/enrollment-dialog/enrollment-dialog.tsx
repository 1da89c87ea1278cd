import { REFERENCE_LABEL } from '@shared/domain/enrollment-reference'
import type { SavedEnrollment } from '@shared/enrollment/enrollment'
import { ERASED_NAME } from '@shared/enrollment/retention'
import { statusWords } from '@shared/format/status-words'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { useConfirm } from '../../../components/ui/confirm'
import { Modal } from '../../../components/ui/modal'
import { getEnrollment } from '../../enrollment/api/enrollment-calls'
import { useChanged } from '../query/admin-changes'
import { adminKeys } from '../query/admin-keys'
import { QueryView } from '../query/query-view'
import { EditEnrollment } from './edit-enrollment'

export interface EnrollmentDialogProps {
  guid: string
  onClose(): void
}

export function dialogTitle(enrollment: SavedEnrollment | null): string {
  if (!enrollment) return 'Enrollment'
  const name =
    enrollment.lma?.name ||
    enrollment.dealers[0]?.name ||
    (enrollment.erased ? ERASED_NAME : 'No Name')
  return `${name} - ${statusWords(enrollment.status)}`
}

/** 'Reference C81C-6061-6136' under the title, which stays as the spec words it. */
export function dialogSubtitle(enrollment: SavedEnrollment | null): string | undefined {
  return enrollment ? `${REFERENCE_LABEL} ${enrollment.reference}` : undefined
}

/**
 * An enrollment's dialog: its form, actions and panels. Each opening loads the enrollment afresh
 * (the form starts from it, so it is never a cached answer); a save or an action marks what it
 * changed (admin-changes.ts), so the list under the dialog and its open panels show the truth.
 */
export function EnrollmentDialog({ guid, onClose }: EnrollmentDialogProps) {
  const confirm = useConfirm()
  const client = useQueryClient()
  const changed = useChanged()
  const detail = useQuery({
    queryKey: adminKeys.detail(guid),
    queryFn: ({ signal }) => getEnrollment(guid, signal),
    gcTime: 0,
  })
  const loaded = detail.data ?? null
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
      <QueryView query={detail} failed="This enrollment could not be loaded.">
        {(enrollment) => (
          <EditEnrollment
            loaded={enrollment}
            onDirty={(value) => {
              dirty.current = value
            }}
            onSaved={(updated) => {
              // A save answers the enrollment as it now is: it replaces the one loaded.
              client.setQueryData(adminKeys.detail(guid), updated)
              void changed({ action: 'save', guid })
            }}
            onStatus={(status) => void changed({ action: 'status', guid, status })}
            close={onClose}
          />
        )}
      </QueryView>
    </Modal>
  )
}
