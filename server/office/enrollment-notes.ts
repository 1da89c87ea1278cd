import type { EnrollmentNote } from '../../shared/office/office-schemas.js'
import type { AdminIdentity } from '../auth/admin-identity.js'
import type { EnrollmentContext } from '../enrollment/enrollment-context.js'
import { AppError } from '../http/app-error.js'

const NO_ENROLLMENT = 'There is no enrollment with this id.'

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
    const row = await trx
      .insertInto('enrollment_notes')
      .values({ enrollment_guid: guid, author: admin.username, text })
      .returning(['id', 'author', 'text', 'at'])
      .executeTakeFirstOrThrow()
    return toNote(row)
  })
}

/** The notes of an enrollment, oldest first; 404 when neither it nor any note exists. */
export async function listNotes(
  context: EnrollmentContext,
  guid: string,
): Promise<EnrollmentNote[]> {
  const rows = await context.db
    .selectFrom('enrollment_notes')
    .select(['id', 'author', 'text', 'at'])
    .where('enrollment_guid', '=', guid)
    .orderBy('id')
    .execute()
  if (rows.length === 0 && !(await context.enrollments.findByGuid(guid))) {
    throw AppError.notFound(NO_ENROLLMENT)
  }
  return rows.map(toNote)
}

function toNote(row: { id: string; author: string; text: string; at: Date }): EnrollmentNote {
  return {
    id: String(row.id),
    author: row.author,
    text: row.text,
    at: new Date(row.at).toISOString(),
  }
}
