// @vitest-environment happy-dom
import type { BulkResult } from '@shared/office/office-schemas'
import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import {
  type FakeAnswer,
  ok,
  problem,
  renderAdmin,
  withFakeServer,
} from '../test-support/admin-screen'
import { BulkActions, type BulkOutcomeReport, BulkReport } from './bulk-actions'

/**
 * Approve Selected and Decline Selected (docs/product.md#office-workflow), as an administrator
 * uses them under the list: a preview by the server's rules, one question, the action, and the
 * report. Only the network is a stand-in (`fetch`, admin-screen.tsx): the server's preview and
 * action answer from the table below, as POST /api/enrollments/bulk/{action} would.
 */

const server = withFakeServer()

const A = '00000000-0000-4000-8000-00000000000a'
const B = '00000000-0000-4000-8000-00000000000b'
const C = '00000000-0000-4000-8000-00000000000c'
const NAMES: Record<string, string> = {
  [A]: 'Valley Chevrolet',
  [B]: 'Lakeside LMA',
  [C]: 'Hill Motors',
}

type Outcome = BulkResult['results'][number]

/**
 * What the server answers for each enrollment, preview and action alike: done (with the status
 * it has now), or skipped with a reason. The action answers only for the enrollments it is sent.
 */
function bulkRoute(action: 'approve' | 'decline', outcomes: Record<string, Omit<Outcome, 'guid'>>) {
  server().answer(`POST /api/enrollments/bulk/${action}`, ({ body }) => {
    const { guids } = body as { guids: string[] }
    const results = guids.map((guid) => ({ guid, ...(outcomes[guid] ?? expect.fail(guid)) }))
    const count = (outcome: Outcome['outcome']) =>
      results.filter((each) => each.outcome === outcome).length
    return ok({
      done: count('done'),
      skipped: count('skipped'),
      failed: count('failed'),
      results,
    } satisfies BulkResult)
  })
}

const done = (status: string) => ({ outcome: 'done' as const, status, reason: null })
const skipped = (reason: string) => ({ outcome: 'skipped' as const, status: null, reason })

/** The bulk bar and its report as the list lays them out (enrollment-list.tsx). */
function SelectedRows({ initial }: { initial: string[] }) {
  const [selected, setSelected] = useState(initial)
  const [report, setReport] = useState<BulkOutcomeReport | null>(null)
  const nameOf = (guid: string) => NAMES[guid] ?? guid
  return (
    <>
      {report && <BulkReport report={report} nameOf={nameOf} onDismiss={() => setReport(null)} />}
      {selected.length > 0 && (
        <BulkActions
          selected={selected}
          nameOf={nameOf}
          onFinished={(finished) => {
            setReport(finished)
            setSelected([])
          }}
        />
      )}
    </>
  )
}

const bar = () => screen.getByRole('region', { name: 'Selected enrollments' })
const button = (name: string) => within(bar()).getByRole('button', { name })

describe('bulk Approve', () => {
  it('says how many will change and which are skipped and why, then approves those and reports', async () => {
    const user = userEvent.setup()
    bulkRoute('approve', {
      [A]: done('Approved'),
      [B]: done('Approved'),
      [C]: skipped('Already approved.'),
    })
    renderAdmin(<SelectedRows initial={[A, B, C]} />)
    expect(within(bar()).getByText('3 enrollments selected')).toBeTruthy()

    await user.click(button('Approve Selected'))
    const question = await screen.findByRole('dialog', { name: 'Approve selected enrollments' })
    expect(within(question).getByText(/^Approve 2 enrollments\?/).textContent).toBe(
      'Approve 2 enrollments? 1 enrollment will be skipped: Already approved (1). Each approval emails its confirmation (and an LMA its invoice).',
    )
    // While the question is open the bar waits: neither action can start again.
    expect(button('Please wait...')).toHaveProperty('disabled', true)
    expect(button('Decline Selected')).toHaveProperty('disabled', true)
    expect(server().bodiesTo('POST /api/enrollments/bulk/approve')).toEqual([
      { guids: [A, B, C], dryRun: true },
    ])

    await user.click(within(question).getByRole('button', { name: 'Yes' }))
    const result = await screen.findByRole('region', { name: 'Result of the bulk action' })
    expect(within(result).getByRole('status').textContent).toBe(
      '2 enrollments approved, 1 skipped, 0 failed.',
    )
    expect(within(result).getByRole('list', { name: 'Enrollments not changed' }).textContent).toBe(
      'Hill Motors (skipped): Already approved.',
    )
    // Only those the preview said would change were sent, and without dryRun.
    expect(server().bodiesTo('POST /api/enrollments/bulk/approve')[1]).toEqual({ guids: [A, B] })
    expect(screen.queryByRole('region', { name: 'Selected enrollments' })).toBeNull()

    await user.click(within(result).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('region', { name: 'Result of the bulk action' })).toBeNull()
  })

  it('changes nothing when the administrator says No', async () => {
    const user = userEvent.setup()
    bulkRoute('approve', { [A]: done('Approved') })
    renderAdmin(<SelectedRows initial={[A]} />)
    await user.click(button('Approve Selected'))
    const question = await screen.findByRole('dialog', { name: 'Approve selected enrollments' })
    expect(within(question).getByText(/^Approve 1 enrollment\?/)).toBeTruthy()
    await user.click(within(question).getByRole('button', { name: 'No' }))
    await waitFor(() => expect(button('Approve Selected')).toHaveProperty('disabled', false))
    expect(button('Decline Selected')).toHaveProperty('disabled', false)
    expect(server().bodiesTo('POST /api/enrollments/bulk/approve')).toEqual([
      { guids: [A], dryRun: true },
    ])
    expect(screen.queryByRole('region', { name: 'Result of the bulk action' })).toBeNull()
  })

  it('asks nothing when none can be approved: a toast says why', async () => {
    const user = userEvent.setup()
    bulkRoute('approve', {
      [A]: skipped('Already approved.'),
      [B]: skipped('Already approved.'),
    })
    renderAdmin(<SelectedRows initial={[A, B]} />)
    await user.click(button('Approve Selected'))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'None of the selected enrollments can be approved. 2 enrollments will be skipped: Already approved (2).',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(button('Approve Selected')).toHaveProperty('disabled', false)
  })

  it('names those still waiting for their representative, and approves only the others when asked to', async () => {
    const user = userEvent.setup()
    bulkRoute('approve', {
      [A]: done('Authorizing'),
      [B]: done('Approving'),
    })
    renderAdmin(<SelectedRows initial={[A, B]} />)
    await user.click(button('Approve Selected'))
    const question = await screen.findByRole('dialog', { name: 'Approve selected enrollments' })
    expect(
      within(question).getByRole('list', {
        name: 'Still waiting for their representative (Authorizing)',
      }).textContent,
    ).toBe('Valley Chevrolet')
    expect(
      within(question).getByRole('button', { name: 'Approve All 2, Waiting Ones Too' }),
    ).toBeTruthy()
    // It opens on Cancel, the answer that changes nothing.
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' }))

    await user.click(within(question).getByRole('button', { name: 'Approve Only the Other 1' }))
    const result = await screen.findByRole('region', { name: 'Result of the bulk action' })
    expect(within(result).getByRole('status').textContent).toBe(
      '1 enrollment approved, 1 skipped, 0 failed.',
    )
    expect(within(result).getByRole('list').textContent).toBe(
      'Valley Chevrolet (skipped): Left out: still waiting for their representative (Authorizing).',
    )
    expect(server().bodiesTo('POST /api/enrollments/bulk/approve')[1]).toEqual({ guids: [B] })
  })

  it('says in a toast why the action failed, and the bar can be used again', async () => {
    const user = userEvent.setup()
    let calls = 0
    server().answer('POST /api/enrollments/bulk/approve', (): FakeAnswer => {
      calls += 1
      return calls === 1
        ? ok({ done: 1, skipped: 0, failed: 0, results: [{ guid: A, ...done('Approved') }] })
        : problem(503, 'The database is not answering. Please try again in a minute.')
    })
    renderAdmin(<SelectedRows initial={[A]} />)
    await user.click(button('Approve Selected'))
    await user.click(await screen.findByRole('button', { name: 'Yes' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The database is not answering. Please try again in a minute.',
    )
    expect(button('Approve Selected')).toHaveProperty('disabled', false)
    expect(screen.queryByRole('region', { name: 'Result of the bulk action' })).toBeNull()
  })
})

describe('bulk Decline', () => {
  it('takes a reason and whether the enrollee sees it, and sends both', async () => {
    const user = userEvent.setup()
    bulkRoute('decline', { [A]: done('Declined'), [B]: done('Declined') })
    renderAdmin(<SelectedRows initial={[A, B]} />)
    await user.click(button('Decline Selected'))
    const question = await screen.findByRole('dialog', { name: 'Decline selected enrollments' })
    expect(within(question).getByText('Decline 2 enrollments? No email is sent.')).toBeTruthy()

    // Showing the reason needs one.
    await user.click(
      within(question).getByLabelText('Show this reason to the enrollee on their status page'),
    )
    await user.click(within(question).getByRole('button', { name: 'Yes' }))
    expect(within(question).getByRole('alert').textContent).toBe(
      'Write the reason to show it to the enrollee.',
    )
    await user.type(within(question).getByLabelText(/^Reason/), 'No budget this year.')
    await user.click(within(question).getByRole('button', { name: 'Yes' }))

    const result = await screen.findByRole('region', { name: 'Result of the bulk action' })
    expect(within(result).getByRole('status').textContent).toBe(
      '2 enrollments declined, 0 skipped, 0 failed.',
    )
    expect(within(result).queryByRole('list')).toBeNull()
    expect(server().bodiesTo('POST /api/enrollments/bulk/decline')).toEqual([
      { guids: [A, B], dryRun: true },
      { guids: [A, B], reason: 'No budget this year.', shareReason: true },
    ])
  })
})
