import type { AuditRepository } from '../audit/audit-repository.js'
import type { EnrollmentContext } from '../enrollment/enrollment-context.js'
import type { EnrollmentNoteRepository } from './enrollment-note-repository.js'

/** What the office's operations are handed: the enrollment's part of the app's context, notes and the audit trail. */
export interface OfficeContext extends EnrollmentContext {
  notes: EnrollmentNoteRepository
  audit: AuditRepository
}
