import { newEnrollment } from '@shared/enrollment/empty-enrollment'
import type { Enrollment } from '@shared/enrollment/enrollment'
import { useLocation } from 'wouter'
import { useFormState } from '../../../components/form/form-state'
import { PleaseWait } from '../../../components/ui/please-wait'
import { useBrand } from '../../../features/brand/brand-context'
import { useConfig } from '../../../features/config/config-context'
import { postEnrollment } from '../../../features/enrollment/api/enrollment-calls'
import { DealerForm } from '../../../features/enrollment/dealer-form/dealer-form'
import { DraftLinkProblem, DraftRestored } from '../../../features/enrollment/draft/draft-views'
import { SaveDraftButton } from '../../../features/enrollment/draft/save-draft-button'
import {
  type DraftLoad,
  enrollmentFromDraft,
  useDraftLoad,
  useDraftSession,
} from '../../../features/enrollment/draft/use-draft'
import { referenceState } from '../../../features/enrollment/submission-reference'
import { outcomeOfFailure, outcomeOfSuccess } from '../../../features/enrollment/submit-outcome'
import { usePageTitle } from '../../../lib/page-title'

export default function DealerFormRoute() {
  usePageTitle('Dealer Enrollment')
  // With `?draft=`, the form as saved to continue later.
  const draft = useDraftLoad('dealer')
  if (draft.kind === 'loading') return <PleaseWait />
  if (draft.kind === 'unknown' || draft.kind === 'unavailable') {
    return <DraftLinkProblem problem={draft} formName="Dealer Enrollment Form" formPath="/dealer" />
  }
  return <NewDealerForm draft={draft} />
}

function NewDealerForm({ draft }: { draft: Extract<DraftLoad, { kind: 'none' | 'loaded' }> }) {
  const brand = useBrand()
  const { enrollmentYear } = useConfig()
  const [, navigate] = useLocation()
  const page = { type: 'Dealer', brand: brand.key, year: enrollmentYear } as const
  const form = useFormState<Enrollment>(
    draft.kind === 'loaded' ? enrollmentFromDraft(draft.opened.values, page) : newEnrollment(page),
  )
  const session = useDraftSession(draft)

  async function submit(values: Enrollment) {
    const declining = values.dealers[0]?.billing === 'None'
    try {
      const receipt = await postEnrollment(values, session.current.token)
      navigate(`/${outcomeOfSuccess(declining)}`, {
        state: referenceState(receipt.reference, true),
      })
    } catch (error) {
      navigate(`/${outcomeOfFailure(error, declining)}`)
    }
  }

  return (
    <>
      {draft.kind === 'loaded' && <DraftRestored opened={draft.opened} />}
      <DealerForm
        form={form}
        mode="new"
        onSubmit={submit}
        actions={<SaveDraftButton form={form} session={session} />}
      />
    </>
  )
}
