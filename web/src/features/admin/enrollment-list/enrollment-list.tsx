import { useState } from 'react'
import { failureText, LoadFailed } from '../../../components/ui/load-failed'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { usePageTitle } from '../../../lib/page-title'
import { useAuth } from '../../auth/auth-context'
import { useConfig } from '../../config/config-context'
import type { ListFilters } from '../api/admin-calls'
import { EnrollmentDialog } from '../enrollment-dialog/enrollment-dialog'
import { ListFilterBar } from './list-filters'
import { Legend, ListTable } from './list-table'
import { PAGE_SIZE, Pager, pageCount } from './pager'
import { RolloverButton } from './rollover-button'
import { useEnrollmentList } from './use-enrollment-list'

/** The admin index: filters, a page of 20 enrollments, the legend; a row opens the dialog. */
export function EnrollmentList() {
  usePageTitle('Enrollments')
  const { enrollmentYear } = useConfig()
  const { ready } = useAuth()
  const [filters, setFilters] = useState<ListFilters>({
    query: '',
    year: enrollmentYear,
    status: '',
    type: '',
  })
  const [page, setPage] = useState(1)
  const [openGuid, setOpenGuid] = useState<string | null>(null)
  const { items, loading, failed, replace, reload } = useEnrollmentList(filters, ready)

  const pages = pageCount(items.length)
  const shown = Math.min(page, pages)
  const rows = items.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE)

  return (
    <section className="stack">
      <ProgressBar active={loading} label="Loading enrollments" />
      <ListFilterBar
        filters={filters}
        onChange={(next) => {
          setFilters(next)
          setPage(1)
        }}
      />
      {failed ? (
        <LoadFailed
          message={failureText(failed, 'The enrollments could not be loaded.')}
          onRetry={reload}
        />
      ) : (
        <>
          <ListTable rows={rows} onOpen={(row) => setOpenGuid(row.guid)} />
          <Pager page={shown} pages={pages} onPage={setPage} />
        </>
      )}
      <div className="list-footer">
        <Legend />
        {filters.year === enrollmentYear && (
          <RolloverButton year={enrollmentYear} onDone={reload} />
        )}
      </div>
      {openGuid && (
        <EnrollmentDialog
          guid={openGuid}
          onClose={() => setOpenGuid(null)}
          onChanged={(change) => replace(openGuid, change)}
        />
      )}
    </section>
  )
}
