import type { EnrollmentNote } from '../../shared/office/office-schemas.js'
import type { AdminIdentity } from '../auth/admin-identity.js'
import type { EnrollmentContext } from '../enrollment/enrollment-context.js'
import { AppError } from '../http/app-error.js'
import { createEnrollmentNoteRepository, type NoteRow } from './enrollment-note-repository.js'

const NO_ENROLLMENT = 'There is no enrollment with this id.'
const ERASED =
  'The personal data of this enrollment was erased under the data retention rule: it takes no notes.'

/**
 * Internal notes (docs/product.md#office-workflow): only administrators read or write them; they
 * are never shown on public pages or put in mails. Adding is an insert, so two administrators
 * writing at once both keep their note.
 */
export async function addNote(
  context: EnrollmentContext,
  guid: string,
  text: string,
  admin: AdminIdentity,
): Promise<EnrollmentNote> {
  return context.db.transaction().execute(async (trx) => {
    // The row lock orders the note after a delete that is under way: a deleted enrollment
    // takes no new notes.
    if (!(await context.lifecycle.lock(trx, guid))) throw AppError.notFound(NO_ENROLLMENT)
    // Data retention deleted its notes with its personal data: it takes no new ones.
    if ((await context.enrollments.findByGuid(guid, trx))?.erased) {
      throw AppError.conflict(ERASED)
    }
    const row = await createEnrollmentNoteRepository(context.db).add(trx, {
      guid,
      author: admin.username,
      text,
    })
    return toNote(row)
  })
}

/** The notes of an enrollment, oldest first; 404 when neither it nor any note exists. */
export async function listNotes(
  context: EnrollmentContext,
  guid: string,
): Promise<EnrollmentNote[]> {
  const rows = await createEnrollmentNoteRepository(context.db).list(guid)
  if (rows.length === 0 && !(await context.enrollments.findByGuid(guid))) {
    throw AppError.notFound(NO_ENROLLMENT)
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
