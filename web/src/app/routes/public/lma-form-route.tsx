import { newEnrollment } from '@shared/enrollment/empty-enrollment'
import type { Enrollment } from '@shared/enrollment/enrollment'
import { canAuthorize, isReadOnly } from '@shared/enrollment/status-rules'
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useFormState } from '../../../components/form/form-state'
import { PleaseWait } from '../../../components/ui/please-wait'
import { useBrand } from '../../../features/brand/brand-context'
import { useConfig } from '../../../features/config/config-context'
import {
  authorizeEnrollment,
  getEnrollment,
  submitEnrollment,
} from '../../../features/enrollment/api/enrollment-calls'
import { LmaForm } from '../../../features/enrollment/lma-form/lma-form'
import { referenceState } from '../../../features/enrollment/submission-reference'
import { outcomeOfFailure, outcomeOfSuccess } from '../../../features/enrollment/submit-outcome'
import { ApiError } from '../../../lib/api-client'
import { usePageTitle } from '../../../lib/page-title'

export default function LmaFormRoute() {
  usePageTitle('LMA Enrollment')
  const guid = new URLSearchParams(useSearch()).get('auth')
  const brand = useBrand()
  const { enrollmentYear } = useConfig()
  const [loaded, setLoaded] = useState<Enrollment | null>(
    guid ? null : newEnrollment({ type: 'Lma', brand: brand.key, year: enrollmentYear }),
  )

  useEffect(() => {
    if (!guid) return
    const controller = new AbortController()
    getEnrollment(guid, controller.signal).then(setLoaded, (error: unknown) => {
      if (controller.signal.aborted) return
      console.error('Could not load the enrollment', error)
      setLoaded(newEnrollment({ type: 'Lma', brand: brand.key, year: enrollmentYear }))
    })
    return () => controller.abort()
  }, [guid, brand.key, enrollmentYear])

  if (!loaded) return <PleaseWait />
  return <LoadedLmaForm initial={loaded} currentYear={enrollmentYear} />
}

function LoadedLmaForm({ initial, currentYear }: { initial: Enrollment; currentYear: number }) {
  const [, navigate] = useLocation()
  const readOnly = isReadOnly({
    mode: 'new',
    status: initial.status,
    year: initial.year,
    currentYear,
  })
  const form = useFormState(initial, readOnly)
  const authorizing = initial.guid !== '' && initial.status !== '' && canAuthorize(initial.status)

  async function submit(values: Enrollment) {
    try {
      const { reference } = authorizing
        ? await authorizeEnrollment(initial.guid, { ...values, guid: initial.guid })
        : await submitEnrollment(values)
      navigate(`/${outcomeOfSuccess(false)}`, { state: referenceState(reference) })
    } catch (error) {
      // An authorization refused because the enrollment changed meanwhile is no duplicate: the
      // form shows the server's reason and keeps the representative's edits.
      if (authorizing && error instanceof ApiError && error.status === 409) throw error
      navigate(`/${outcomeOfFailure(error, false)}`)
    }
  }

  return <LmaForm form={form} mode={authorizing ? 'authorize' : 'new'} onSubmit={submit} />
}
