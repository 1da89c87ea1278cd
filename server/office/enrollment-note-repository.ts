import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

export interface NoteRow {
  id: string
  author: string
  text: string
  at: Date
}

/** The internal notes of enrollments (docs/product.md#office-workflow). */
export function createEnrollmentNoteRepository(db: Kysely<Database>) {
  return {
    /** Adds a note; pass the transaction that holds the enrollment's row lock. */
    add(
      executor: Kysely<Database>,
      note: { guid: string; author: string; text: string },
    ): Promise<NoteRow> {
      return executor
        .insertInto('enrollment_notes')
        .values({ enrollment_guid: note.guid, author: note.author, text: note.text })
        .returning(['id', 'author', 'text', 'at'])
        .executeTakeFirstOrThrow()
    },

    /** The notes of an enrollment, oldest first. */
    list(guid: string): Promise<NoteRow[]> {
      return db
        .selectFrom('enrollment_notes')
        .select(['id', 'author', 'text', 'at'])
        .where('enrollment_guid', '=', guid)
        .orderBy('id')
        .execute()
    },
  }
}

export type EnrollmentNoteRepository = ReturnType<typeof createEnrollmentNoteRepository>
