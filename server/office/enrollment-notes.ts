import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { EnrollmentNote } from '../../shared/office/office-schemas.js'
import type { Staff } from '../auth/auth-plugin.js'
import {
  checkReadScope,
  lockInScope,
  NO_ENROLLMENT_MESSAGE,
} from '../enrollment/enrollment-scope.js'
import { AppError } from '../http/app-error.js'
import type { NoteRow } from './enrollment-note-repository.js'
import type { OfficeContext } from './office-context.js'

const ERASED =
  'The personal data of this enrollment was erased under the data retention rule: it takes no notes.'

/**
 * Internal notes (docs/product.md#office-workflow): only the program office reads or writes them
 * (a regional manager those of their regions' enrollments); they are never shown on public pages
 * or put in mails. Adding is an insert, so two administrators writing at once both keep their
 * note.
 */
export async function addNote(
  context: OfficeContext,
  guid: string,
  text: string,
  admin: Staff,
): Promise<EnrollmentNote> {
  return context.db.transaction().execute(async (trx) => {
    // The row lock orders the note after a delete or a move to another region that is under
    // way: a deleted enrollment takes no new notes, nor one moved out of the writer's regions.
    if (!(await lockInScope(context, trx, guid, admin.scope))) {
      throw AppError.notFound(NO_ENROLLMENT_MESSAGE)
    }
    // Data retention deleted its notes with its personal data: it takes no new ones.
    if ((await context.enrollments.findByGuid(guid, trx))?.erased) {
      throw AppError.conflict(ERASED)
    }
    const row = await context.notes.add(trx, {
      guid,
      author: admin.username,
      text,
    })
    return toNote(row)
  })
}

/**
 * The notes of an enrollment, oldest first; 404 when neither it nor any note exists, or when the
 * enrollment is outside the scope.
 */
export async function listNotes(
  context: OfficeContext,
  guid: string,
  scope: EnrollmentScope,
): Promise<EnrollmentNote[]> {
  await checkReadScope(context, guid, scope)
  const rows = await context.notes.list(guid)
  if (rows.length === 0 && !(await context.enrollments.findByGuid(guid))) {
    throw AppError.notFound(NO_ENROLLMENT_MESSAGE)
  }
  return rows.map(toNote)
}

function toNote(row: NoteRow): EnrollmentNote {
  return {
    id: String(row.id),
    author: row.author,
    text: row.text,
    at: new Date(row.at).toISOString(),
  }
}
