import type { DraftForm } from '@shared/enrollment/draft'
import type { DraftValues, OpenedDraft, SavedDraft } from '@shared/enrollment/draft-schema'
import { api } from '../../../lib/api-client'

/** Saves a form to continue later; the server mails the link. */
export function saveNewDraft(email: string, values: DraftValues): Promise<SavedDraft> {
  return api.post<SavedDraft>('/api/drafts', { email, values })
}

/** Saves the draft of `token` again (the same link). */
export function saveDraftAgain(
  token: string,
  email: string,
  values: DraftValues,
): Promise<SavedDraft> {
  return api.put<SavedDraft>(`/api/drafts?draft=${encodeURIComponent(token)}`, { email, values })
}

/** The draft of `token`, as the form `form` of `brand` opens it. */
export function openDraft(
  token: string,
  brand: string,
  form: DraftForm,
  signal?: AbortSignal,
): Promise<OpenedDraft> {
  const query = new URLSearchParams({ draft: token, brand, form })
  return api.get<OpenedDraft>(`/api/drafts?${query}`, { signal })
}
