import { newEnrollment } from '@shared/enrollment/empty-enrollment'
import type { Enrollment } from '@shared/enrollment/enrollment'
import type {
  EnrollmentAuthorization,
  EnrollmentSentBack,
} from '@shared/enrollment/enrollment-authorization'
import { canAuthorize, isReadOnly } from '@shared/enrollment/status-rules'
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useFormState } from '../../../components/form/form-state'
import { ConfirmProvider } from '../../../components/ui/confirm'
import { PleaseWait } from '../../../components/ui/please-wait'
import { useBrand } from '../../../features/brand/brand-context'
import { useConfig } from '../../../features/config/config-context'
import {
  getEnrollment,
  postAuthorization,
  postEnrollment,
} from '../../../features/enrollment/api/enrollment-calls'
import { DraftLinkProblem, DraftRestored } from '../../../features/enrollment/draft/draft-views'
import { SaveDraftButton } from '../../../features/enrollment/draft/save-draft-button'
import {
  type DraftLoad,
  enrollmentFromDraft,
  useDraftLoad,
  useDraftSession,
} from '../../../features/enrollment/draft/use-draft'
import { LmaForm } from '../../../features/enrollment/lma-form/lma-form'
import { referenceState } from '../../../features/enrollment/submission-reference'
import { outcomeOfFailure, outcomeOfSuccess } from '../../../features/enrollment/submit-outcome'
import { ApiError } from '../../../lib/api-client'
import { usePageTitle } from '../../../lib/page-title'
import { AuthorizationLinkProblem, type LinkProblem } from './authorization-link-problem'

export default function LmaFormRoute() {
  // Try Again loads the enrollment afresh: a new key, a new loader.
  const [attempt, setAttempt] = useState(0)
  // The dealer table asks before Remove All clears filled rows.
  return (
    <ConfirmProvider>
      <LmaFormLoader key={attempt} retry={() => setAttempt((count) => count + 1)} />
    </ConfirmProvider>
  )
}

function LmaFormLoader({ retry }: { retry(): void }) {
  usePageTitle('LMA Enrollment')
  const guid = new URLSearchParams(useSearch()).get('auth')
  const brand = useBrand()
  const { enrollmentYear } = useConfig()
  // Without `?auth=`, a new enrollment: with `?draft=`, as saved to continue later.
  const draft = useDraftLoad('lma')
  const [loaded, setLoaded] = useState<Loaded | LinkProblem | null>(
    guid
      ? null
      : {
          enrollment: newEnrollment({ type: 'Lma', brand: brand.key, year: enrollmentYear }),
          authorized: null,
          sentBack: null,
        },
  )

  useEffect(() => {
    if (!guid) return
    const controller = new AbortController()
    getEnrollment(guid, controller.signal).then(
      ({ authorized, sentBack, ...enrollment }) =>
        setLoaded(linkProblemOf(enrollment) ?? { enrollment, authorized, sentBack }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        console.error('Could not load the enrollment', error)
        const gone = error instanceof ApiError && (error.status === 404 || error.status === 400)
        setLoaded(gone ? { kind: 'unknown' } : { kind: 'unavailable', retry })
      },
    )
    return () => controller.abort()
  }, [guid, retry])

  if (!guid && draft.kind === 'loading') return <PleaseWait />
  if (!guid && (draft.kind === 'unknown' || draft.kind === 'unavailable')) {
    return <DraftLinkProblem problem={draft} formName="LMA Enrollment Form" formPath="/lma" />
  }
  if (!loaded) return <PleaseWait />
  if ('kind' in loaded) return <AuthorizationLinkProblem problem={loaded} />
  const restored =
    !guid && draft.kind === 'loaded'
      ? enrollmentFromDraft(draft.opened.values, {
          type: 'Lma',
          brand: brand.key,
          year: enrollmentYear,
        })
      : undefined
  return (
    <LoadedLmaForm
      initial={restored ?? loaded.enrollment}
      authorized={loaded.authorized}
      sentBack={loaded.sentBack}
      currentYear={enrollmentYear}
      draft={!guid && draft.kind === 'loaded' ? draft : { kind: 'none' }}
    />
  )
}

/** The enrollment the form opens with, and its authorization if one stands. */
interface Loaded {
  enrollment: Enrollment
  authorized: EnrollmentAuthorization | null
  sentBack: EnrollmentSentBack | null
}

/** An opened enrollment that is no LMA to authorize gets a page that says so, not a form. */
function linkProblemOf(enrollment: Enrollment): LinkProblem | undefined {
  if (enrollment.type !== 'Lma') return { kind: 'dealer' }
  if (enrollment.status === 'Declined') {
    return { kind: 'declined', lmaName: enrollment.lma?.name ?? '', year: enrollment.year }
  }
  return undefined
}

function LoadedLmaForm({
  initial,
  authorized,
  sentBack,
  currentYear,
  draft,
}: {
  initial: Enrollment
  authorized: EnrollmentAuthorization | null
  sentBack: EnrollmentSentBack | null
  currentYear: number
  draft: Extract<DraftLoad, { kind: 'none' | 'loaded' }>
}) {
  const [, navigate] = useLocation()
  const readOnly = isReadOnly({
    mode: 'new',
    status: initial.status,
    year: initial.year,
    currentYear,
  })
  const form = useFormState(initial, readOnly)
  const authorizing = initial.guid !== '' && initial.status !== '' && canAuthorize(initial.status)
  const session = useDraftSession(draft)

  async function submit(values: Enrollment) {
    try {
      const { reference } = authorizing
        ? await postAuthorization(initial.guid, { ...values, guid: initial.guid })
        : await postEnrollment(values, session.current.token)
      // A submission mails its submitter a receipt; an authorization mails no one a receipt.
      navigate(`/${outcomeOfSuccess(false)}`, { state: referenceState(reference, !authorizing) })
    } catch (error) {
      // An authorization refused because the enrollment changed meanwhile is no duplicate: the
      // form shows the server's reason and keeps the representative's edits.
      if (authorizing && error instanceof ApiError && error.status === 409) throw error
      navigate(`/${outcomeOfFailure(error, false)}`)
    }
  }

  // Only a new enrollment is saved to continue later (not the authorization view).
  const isNew = initial.guid === ''
  return (
    <>
      {isNew && draft.kind === 'loaded' && <DraftRestored opened={draft.opened} />}
      <LmaForm
        form={form}
        mode={authorizing ? 'authorize' : 'new'}
        authorized={authorized}
        sentBack={sentBack}
        onSubmit={submit}
        actions={isNew ? <SaveDraftButton form={form} session={session} /> : undefined}
      />
    </>
  )
}
