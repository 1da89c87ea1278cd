import type { DraftForm } from '@shared/enrollment/draft'
import type { DraftValues, OpenedDraft, SavedDraft } from '@shared/enrollment/draft-schema'
import { call } from '../../../lib/api-client'

/** Saves a form to continue later; the server mails the link. */
export function postDraft(email: string, values: DraftValues): Promise<SavedDraft> {
  return call('POST /api/drafts', { body: { email, values } })
}

/** Saves the draft of `token` again (the same link). */
export function putDraft(token: string, email: string, values: DraftValues): Promise<SavedDraft> {
  return call('PUT /api/drafts', { query: { draft: token }, body: { email, values } })
}

/** The draft of `token`, as the form `form` of `brand` opens it. */
export function getDraft(
  token: string,
  brand: string,
  form: DraftForm,
  signal?: AbortSignal,
): Promise<OpenedDraft> {
  return call('GET /api/drafts', { query: { draft: token, brand, form }, signal })
}
