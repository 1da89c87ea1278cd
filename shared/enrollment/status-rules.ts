import type {
  ClientEnrollmentStatus,
  EnrollmentStatus,
  EnrollmentType,
} from '../domain/enrollment-choices.js'
import type { DealerEntry, Enrollment } from './enrollment.js'

/** The admin actions (docs/product.md#admin-actions) whose availability depends on the enrollment. */
export type AdminAction = 'approve' | 'reauthorize' | 'decline' | 'delete'

/** What the status rules read of an enrollment, plus the form and configuration around it. */
export interface StatusSubject {
  type: EnrollmentType
  status: ClientEnrollmentStatus
  dealers: ReadonlyArray<Pick<DealerEntry, 'billing'>>
  /** The form holds unsaved changes (browser only). */
  dirty?: boolean
  /** With `currentYear`: actions are offered for the current enrollment year only. */
  year?: number
  currentYear?: number
}

/**
 * Why `action` is refused for this enrollment, as a sentence for a toast or a 409 problem's
 * detail (docs/product.md#admin-actions); null when it is allowed.
 */
export function refusalReason(action: AdminAction, subject: StatusSubject): string | null {
  if (subject.dirty === true) return 'Save or discard your changes first.'
  const unchangeable = changeRefusalReason(subject)
  if (unchangeable) return unchangeable
  switch (action) {
    case 'approve':
      if (subject.status === 'Approved') return 'This enrollment is already approved.'
      if (subject.type === 'Dealer' && subject.dealers[0]?.billing === 'None') {
        return 'A dealer who declined billing cannot be approved.'
      }
      return null
    case 'reauthorize':
      return subject.type === 'Lma' ? null : 'Only LMA enrollments can be re-authorized.'
    case 'decline':
      return subject.status === 'Declined' ? 'This enrollment is already declined.' : null
    case 'delete':
      return null
  }
}

/**
 * Why an administrator cannot change this enrollment at all (Save Changes or any action): it is
 * deleted, not submitted, or of another year than the current enrollment year; null when it can.
 */
export function changeRefusalReason(
  subject: Pick<StatusSubject, 'status' | 'year' | 'currentYear'>,
): string | null {
  if (subject.status === 'Deleted') return 'This enrollment has been deleted.'
  if (subject.status === '') return 'This enrollment has not been submitted yet.'
  if (
    subject.year !== undefined &&
    subject.currentYear !== undefined &&
    subject.year !== subject.currentYear
  ) {
    return 'Only enrollments of the current enrollment year can be changed.'
  }
  return null
}

/** The status the server gives a new submission (docs/product.md#transitions). */
export function initialStatus(
  enrollment: Pick<Enrollment, 'type'> & { dealers: ReadonlyArray<Pick<DealerEntry, 'billing'>> },
): EnrollmentStatus {
  if (enrollment.type === 'Lma') return 'Authorizing'
  return enrollment.dealers[0]?.billing === 'None' ? 'Declined' : 'Approving'
}

/** The representative may authorize (submit through the authorize call) in these statuses. */
export function canAuthorize(status: ClientEnrollmentStatus): boolean {
  return status === 'Authorizing' || status === 'Approving'
}

/**
 * docs/product.md#read-only: read-only when the year is not the current enrollment year;
 * in new mode also once Approved or Declined; in edit mode the status does not matter.
 */
export function isReadOnly(form: {
  mode: 'new' | 'edit'
  status: ClientEnrollmentStatus
  year: number
  currentYear: number
}): boolean {
  if (form.year !== form.currentYear) return true
  return form.mode === 'new' && (form.status === 'Approved' || form.status === 'Declined')
}
