import { formatDateTime } from '@shared/format/date-text'
import { countText, formatCount } from '@shared/format/number-text'
import { eventDatesWords } from '@shared/shipping/shipment-words'
import type {
  Manifest,
  ManifestProblem,
  ManifestRow,
  SalesEvent,
} from '@shared/shipping/shipping-schema'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'wouter'
import { useConfirm } from '../../components/ui/confirm'
import { focusWhenRendered } from '../../components/ui/move-focus'
import { useToast } from '../../components/ui/toast'
import { ApiError } from '../../lib/api-client'
import { QueryView, reloading } from '../admin/query/query-view'
import { useMay } from '../admin/staff-access'
import { ReleasesTable } from './releases-table'
import { ShipToDialog } from './ship-to-dialog'
import { getManifest, postRelease } from './shipping-calls'
import { shippingKeys } from './shipping-keys'

const CHANGE_WORDS: Record<ManifestRow['change'], string> = {
  added: 'Added',
  changed: 'Changed',
  unchanged: 'Unchanged',
  cancelled: 'Cancelled',
}

/** What a release of this manifest would send: its rows, and its changes since the last one. */
export function manifestFigures(manifest: Manifest) {
  const count = (change: ManifestRow['change']) =>
    manifest.rows.filter((row) => row.change === change).length
  return {
    dealers: manifest.rows.length,
    englishKits: manifest.rows.reduce((sum, row) => sum + row.englishKits, 0),
    hispanicKits: manifest.rows.reduce((sum, row) => sum + row.hispanicKits, 0),
    added: count('added'),
    changed: count('changed'),
    cancelled: manifest.cancelled.length,
  }
}

/** "12 rows: 3 added, 1 changed, 2 cancelled" (what the Release question and its answer say). */
export function releaseText(figures: ReturnType<typeof manifestFigures>): string {
  const { added, changed, cancelled } = figures
  return `${countText(figures.dealers, 'row', 'rows')}: ${formatCount(added)} added, ${formatCount(changed)} changed, ${formatCount(cancelled)} cancelled`
}

/** A row's kit and its count: "Large × 2", or a dash for none. */
function kitText(kit: string | null, count: number): string {
  return kit ? `${kit} × ${count}` : '—'
}

/**
 * One event's manifest as it would be released now (docs/product.md#manifests): its figures,
 * the rows that cannot ship and why, the rows with their change since the last release, Release
 * for an administrator, and the releases made, each to download.
 */
export function ManifestPanel({ event }: { event: SalesEvent }) {
  const manifest = useQuery({
    queryKey: shippingKeys.manifest(event.guid),
    queryFn: ({ signal }) => getManifest(event.guid, signal),
  })
  const headingId = `manifest-${event.guid}`
  return (
    <section
      className="shipping__manifest stack"
      aria-labelledby={headingId}
      aria-busy={reloading(manifest)}
    >
      <h2 className="shipping__heading" id={headingId}>
        Manifest of {event.name} <span className="shipping__code">({event.code})</span>
      </h2>
      <p className="shipping__intro">{eventDatesWords(event)}</p>
      <QueryView query={manifest} failed="The manifest could not be loaded.">
        {(loaded) => <ManifestView manifest={loaded} />}
      </QueryView>
      <ReleasesTable event={event} />
    </section>
  )
}

function ManifestView({ manifest }: { manifest: Manifest }) {
  const figures = manifestFigures(manifest)
  const last = manifest.lastRelease
  const since = last ? `since release ${last.number}` : 'not released yet'
  const cards: Array<[string, number]> = [
    ['Dealers', figures.dealers],
    ['English kits', figures.englishKits],
    ['Hispanic kits', figures.hispanicKits],
    [`Added ${last ? since : ''}`.trim(), figures.added],
    [`Changed ${since}`, figures.changed],
    [`Cancelled ${since}`, figures.cancelled],
  ]
  return (
    <>
      <dl className="figure-grid shipping__figures">
        {(last ? cards : cards.slice(0, 3)).map(([label, value]) => (
          <div key={label} className="figure-card">
            <dt className="figure-card__label">{label}</dt>
            <dd className="figure-card__value">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      <ReleaseControl manifest={manifest} figures={figures} />
      {manifest.problems.length > 0 && (
        <ProblemRows problems={manifest.problems} eventGuid={manifest.event.guid} />
      )}
      <ManifestRows manifest={manifest} />
    </>
  )
}

function ReleaseControl({
  manifest,
  figures,
}: {
  manifest: Manifest
  figures: ReturnType<typeof manifestFigures>
}) {
  const mayShip = useMay('ship')
  const confirm = useConfirm()
  const toast = useToast()
  const client = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState('')
  const { event, lastRelease } = manifest
  const nothingNew =
    lastRelease !== null && figures.added + figures.changed + figures.cancelled === 0
  const stateId = `release-state-${event.guid}`
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: shippingKeys.event(event.guid) }),
      client.invalidateQueries({ queryKey: shippingKeys.eventLists() }),
    ])

  const release = async () => {
    const number = (lastRelease?.number ?? 0) + 1
    const left = manifest.problems.length
    const problems =
      left > 0
        ? ` ${countText(left, 'row has a problem and is', 'rows have a problem and are')} left out.`
        : ''
    const question = `Release ${event.name} to the vendor as release ${number}, ${releaseText(figures)}?${problems}`
    if (!(await confirm(question, 'Release the manifest', { yes: 'Release', no: 'Cancel' }))) {
      return
    }
    setBusy(true)
    setRefusal('')
    try {
      const made = await postRelease(event.guid, lastRelease?.number ?? 0)
      toast.success(
        `Release ${made.number} of ${event.name} is made: ${countText(made.rows, 'row', 'rows')}, ${countText(made.changes, 'change', 'changes')}.`,
      )
      await refresh()
      focusWhenRendered(() => document.getElementById(`release-${event.guid}-${made.number}`))
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) {
        setRefusal(caught.message)
        await refresh()
        focusWhenRendered(() => document.getElementById(stateId))
      } else {
        toast.error(
          caught instanceof Error ? caught.message : 'The manifest could not be released.',
        )
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="shipping__release">
      <p id={stateId} tabIndex={-1} className="shipping__release-state">
        {lastRelease
          ? `Last released: release ${lastRelease.number}, ${formatDateTime(lastRelease.releasedAt)} by ${lastRelease.releasedBy}.`
          : 'This manifest has not been released to the vendor yet.'}
        {nothingNew && ' Nothing has changed since.'}
      </p>
      {refusal && (
        <p className="banner banner--warning" role="alert">
          {refusal}
        </p>
      )}
      {mayShip && (
        <button
          type="button"
          className="button button--primary"
          disabled={busy || nothingNew || figures.dealers + figures.cancelled === 0}
          onClick={() => void release()}
        >
          Release to vendor
        </button>
      )}
    </div>
  )
}

function EnrollmentLink({ row }: { row: Pick<ManifestRow, 'enrollmentGuid' | 'reference'> }) {
  return <Link href={`~/admin/enrollments/${row.enrollmentGuid}`}>{row.reference}</Link>
}

/** Whether a problem is the missing ship-to address the office can enter (an LMA's dealer). */
function needsAddress(problem: ManifestProblem): boolean {
  return /ship-to address/i.test(problem.problem)
}

function ProblemRows({ problems, eventGuid }: { problems: ManifestProblem[]; eventGuid: string }) {
  const mayChange = useMay('change')
  const toast = useToast()
  const client = useQueryClient()
  const [entering, setEntering] = useState<ManifestProblem | null>(null)
  const withAction = mayChange && problems.some(needsAddress)
  const headingId = `manifest-problems-${eventGuid}`
  const saved = async (problem: ManifestProblem) => {
    toast.success(`The ship-to address of BAC ${problem.bac} is saved.`)
    setEntering(null)
    await client.invalidateQueries({ queryKey: shippingKeys.all() })
    focusWhenRendered(() => document.getElementById(headingId))
  }
  return (
    <section className="shipping__problems" aria-labelledby={headingId}>
      <h3 className="office-panel__title" id={headingId} tabIndex={-1}>
        Rows that cannot ship ({problems.length})
      </h3>
      <p className="shipping__intro">
        These rows are left out of a release until their problem is fixed: an LMA dealer’s ship-to
        address here, anything else in the enrollment.
      </p>
      <div className="office-table-wrap">
        <table className="office-table ship-table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">BAC</th>
              <th scope="col">Dealer</th>
              <th scope="col">Enrollment</th>
              <th scope="col">Problem</th>
              {withAction && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {problems.map((row) => (
              <tr key={`${row.enrollmentGuid}-${row.bac}`}>
                <th scope="row">{row.bac || '—'}</th>
                <td data-label="Dealer">{row.dealerName}</td>
                <td data-label="Enrollment">
                  <EnrollmentLink row={row} />
                </td>
                <td data-label="Problem" className="shipping__problem">
                  {row.problem}
                </td>
                {withAction && (
                  <td className="ship-table__actions">
                    {needsAddress(row) && (
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={`Enter address of BAC ${row.bac}`}
                        onClick={() => setEntering(row)}
                      >
                        Enter address
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {entering && (
        <ShipToDialog
          problem={entering}
          onSaved={() => saved(entering)}
          onClose={() => setEntering(null)}
        />
      )}
    </section>
  )
}

function ManifestRows({ manifest }: { manifest: Manifest }) {
  const [changesOnly, setChangesOnly] = useState(false)
  const rows = [
    ...manifest.rows,
    ...manifest.cancelled.map((row) => ({ ...row, change: 'cancelled' as const })),
  ]
  const shown = changesOnly ? rows.filter((row) => row.change !== 'unchanged') : rows
  const headingId = `manifest-rows-${manifest.event.guid}`
  return (
    <section aria-labelledby={headingId}>
      <div className="shipping__rows-head">
        <h3 className="office-panel__title" id={headingId}>
          Rows ({manifest.rows.length})
        </h3>
        {manifest.lastRelease && (
          <label className="field--checkbox shipping__changes-only">
            <input
              type="checkbox"
              checked={changesOnly}
              onChange={(changed) => setChangesOnly(changed.target.checked)}
            />{' '}
            Only changes since release {manifest.lastRelease.number}
          </label>
        )}
      </div>
      {shown.length === 0 ? (
        <p className="office-panel__empty">
          {changesOnly
            ? 'No changes since the last release.'
            : 'No dealer ships for this event yet.'}
        </p>
      ) : (
        <div className="office-table-wrap">
          <table className="office-table ship-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">BAC</th>
                <th scope="col">Dealer</th>
                <th scope="col">Ship to</th>
                <th scope="col">English kit</th>
                <th scope="col">Hispanic kit</th>
                <th scope="col">Enrollment</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={`${row.enrollmentGuid}-${row.bac}-${row.change}`}>
                  <th scope="row">{row.bac}</th>
                  <td data-label="Dealer">{row.dealerName}</td>
                  <td data-label="Ship to" className="shipping__address">
                    {row.address}, {row.city}, {row.state} {row.postal}
                    {row.country && row.country !== 'US' && row.country !== 'USA'
                      ? `, ${row.country}`
                      : ''}
                  </td>
                  <td data-label="English kit">{kitText(row.englishKit, row.englishKits)}</td>
                  <td data-label="Hispanic kit">{kitText(row.hispanicKit, row.hispanicKits)}</td>
                  <td data-label="Enrollment">
                    <EnrollmentLink row={row} />
                  </td>
                  <td data-label="Change">
                    <span className={`ship-change ship-change--${row.change}`}>
                      {CHANGE_WORDS[row.change]}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
