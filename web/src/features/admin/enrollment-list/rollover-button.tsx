import { useState } from 'react'
import { useConfirm } from '../../../components/ui/confirm'
import { useToast } from '../../../components/ui/toast'
import { rollOver } from '../api/admin-calls'
import { useChanged } from '../query/admin-changes'

/** Automatic re-enrollment: last year's approved enrollments copied into the enrollment year. */
export function RolloverButton({ year }: { year: number }) {
  const confirm = useConfirm()
  const toast = useToast()
  const changed = useChanged()
  const [busy, setBusy] = useState(false)
  const run = async () => {
    const question = `Re-enroll every approved ${year - 1} enrollment into ${year}? Each becomes Approving; dealers and LMAs already enrolled for ${year} are skipped.`
    if (!(await confirm(question))) return
    setBusy(true)
    try {
      const result = await rollOver(year)
      toast.success(
        `Re-enrolled ${result.created} approved ${result.from} enrollments into ${result.to}; ${result.skipped} already enrolled were skipped.`,
      )
      void changed({ action: 'rollover' })
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type="button" className="button button--small" disabled={busy} onClick={run}>
      Re-enroll {year - 1} approvals into {year}
    </button>
  )
}
