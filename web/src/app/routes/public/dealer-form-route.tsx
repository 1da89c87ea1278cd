import { newEnrollment } from '@shared/enrollment/empty-enrollment'
import type { Enrollment } from '@shared/enrollment/enrollment'
import { useLocation } from 'wouter'
import { useFormState } from '../../../components/form/form-state'
import { useBrand } from '../../../features/brand/brand-context'
import { useConfig } from '../../../features/config/config-context'
import { submitEnrollment } from '../../../features/enrollment/api/enrollment-calls'
import { DealerForm } from '../../../features/enrollment/dealer-form/dealer-form'
import { referenceState } from '../../../features/enrollment/submission-reference'
import { outcomeOfFailure, outcomeOfSuccess } from '../../../features/enrollment/submit-outcome'
import { usePageTitle } from '../../../lib/page-title'

export default function DealerFormRoute() {
  usePageTitle('Dealer Enrollment')
  const brand = useBrand()
  const { enrollmentYear } = useConfig()
  const [, navigate] = useLocation()
  const form = useFormState<Enrollment>(
    newEnrollment({ type: 'Dealer', brand: brand.key, year: enrollmentYear }),
  )

  async function submit(values: Enrollment) {
    const declining = values.dealers[0]?.billing === 'None'
    try {
      const receipt = await submitEnrollment(values)
      navigate(`/${outcomeOfSuccess(declining)}`, {
        state: referenceState(receipt.reference, true),
      })
    } catch (error) {
      navigate(`/${outcomeOfFailure(error, declining)}`)
    }
  }

  return <DealerForm form={form} mode="new" onSubmit={submit} />
}
