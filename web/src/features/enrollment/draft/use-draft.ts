import { type DraftForm, draftAddressOf } from '@shared/enrollment/draft'
import type { DraftValues, OpenedDraft, SavedDraft } from '@shared/enrollment/draft-schema'
import { newEnrollment } from '@shared/enrollment/empty-enrollment'
import type { Enrollment } from '@shared/enrollment/enrollment'
import { useEffect, useRef, useState } from 'react'
import { useSearch } from 'wouter'
import { ApiError } from '../../../lib/api-client'
import { useBrand } from '../../brand/brand-context'
import { getDraft, postDraft, putDraft } from '../api/draft-calls'

/** What a form page opened with `?draft=` has (docs/product.md#save-and-continue-later). */
export type DraftLoad =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'loaded'; token: string; opened: OpenedDraft }
  | { kind: 'unknown' }
  | { kind: 'unavailable'; retry(): void }

/** The draft the page's `?draft=` names, opened on this brand's form `form`. */
export function useDraftLoad(form: DraftForm): DraftLoad {
  const token = new URLSearchParams(useSearch()).get('draft')
  const brand = useBrand().key
  const [attempt, setAttempt] = useState(0)
  const [load, setLoad] = useState<DraftLoad>(
    token === null ? { kind: 'none' } : { kind: 'loading' },
  )
  useEffect(() => {
    if (token === null) {
      setLoad({ kind: 'none' })
      return
    }
    void attempt
    setLoad({ kind: 'loading' })
    const controller = new AbortController()
    getDraft(token, brand, form, controller.signal).then(
      (opened) => setLoad({ kind: 'loaded', token, opened }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        const gone = error instanceof ApiError && (error.status === 404 || error.status === 400)
        if (!gone) console.error('Could not open the saved form', error)
        setLoad(
          gone
            ? { kind: 'unknown' }
            : { kind: 'unavailable', retry: () => setAttempt((count) => count + 1) },
        )
      },
    )
    return () => controller.abort()
  }, [token, brand, form, attempt])
  return load
}

/** A new form of the page's type, brand and year, holding a draft's values. */
export function enrollmentFromDraft(
  values: DraftValues,
  page: { type: Enrollment['type']; brand: string; year: number },
): Enrollment {
  const blank = newEnrollment(page)
  return {
    ...blank,
    regionId: values.regionId,
    lma: page.type === 'Lma' ? (values.lma ?? blank.lma) : null,
    dealers: values.dealers.length > 0 ? values.dealers : blank.dealers,
  }
}

/** The part of a form's values a draft keeps. */
export function draftValuesOf(values: Enrollment): DraftValues {
  return {
    type: values.type,
    brand: values.brand,
    year: values.year,
    regionId: values.regionId,
    lma: values.lma,
    dealers: values.dealers,
  }
}

/** The link a form holds once saved (or opened from it): saving again updates that draft. */
export interface DraftSession {
  token: string | undefined
  /** The address the link went to. */
  email: string
}

export function useDraftSession(load: DraftLoad) {
  return useRef<DraftSession>(
    load.kind === 'loaded'
      ? { token: load.token, email: load.opened.email }
      : { token: undefined, email: '' },
  )
}

/** The address to mail the link to without asking: the form's own, else the one used before. */
export function draftAddress(values: Enrollment, session: DraftSession): string {
  return draftAddressOf(values) || session.email
}

/** Saves the form into the session's draft, or a new one (also when the session's has expired). */
export async function saveDraft(
  session: DraftSession,
  email: string,
  values: Enrollment,
): Promise<SavedDraft> {
  const draft = draftValuesOf(values)
  let saved: SavedDraft | undefined
  if (session.token) {
    try {
      saved = await putDraft(session.token, email, draft)
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error
    }
  }
  saved ??= await postDraft(email, draft)
  session.token = saved.token
  session.email = saved.email
  return saved
}
