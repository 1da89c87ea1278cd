import { lmaEnrollment } from '../../../server/test-support/enrollment-fixtures.js'
import type { ServerProcess } from '../server-process.js'
import { type BenchRow, ms, progress, seconds, times } from '../table.js'

export interface BulkApproveOptions {
  /** Enrollments approved in the one bulk request. */
  count: number
  /** The server's ENROLLMENT_YEAR. */
  year: number
  token: string
}

/**
 * One bulk Approve of `count` LMA enrollments (each issues an invoice and queues two mails),
 * against the same approvals made one request at a time, as the dialog does: the median of 20
 * single approvals, times `count`.
 */
export async function benchBulkApprove(
  server: ServerProcess,
  options: BulkApproveOptions,
): Promise<BenchRow[]> {
  const admin = (path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  progress(`bulk approve: submitting ${options.count + 20} LMA enrollments`)
  const guids: string[] = []
  for (let start = 0; start < options.count + 20; start += 20) {
    const batch = Array.from({ length: 20 }, (_, index) =>
      submitLma(server.url, start + index, options.year),
    )
    await Promise.all(batch)
  }
  const listed = await fetch(
    `${server.url}/api/enrollments?year=${options.year}&type=Lma&status=Authorizing`,
    { headers: { authorization: `Bearer ${options.token}` } },
  )
  const rows = (await listed.json()) as Array<{ guid: string; name: string }>
  for (const row of rows) if (row.name.startsWith('Bulk Bench ')) guids.push(row.guid)
  if (guids.length < options.count + 20) throw new Error(`only ${guids.length} LMAs were stored`)

  const singles: number[] = []
  for (const guid of guids.slice(0, 20)) {
    const started = performance.now()
    const response = await admin(`/api/enrollments/${guid}/approve`)
    if (!response.ok) throw new Error(`approve answered ${response.status}`)
    singles.push(performance.now() - started)
  }
  singles.sort((a, b) => a - b)
  const single = singles[Math.floor(singles.length / 2)] ?? 0

  progress(`bulk approve: ${options.count} in one request`)
  const started = performance.now()
  const response = await admin('/api/enrollments/bulk/approve', {
    guids: guids.slice(20, 20 + options.count),
  })
  const elapsed = (performance.now() - started) / 1000
  const answer = (await response.json()) as { done: number; skipped: number; failed: number }
  if (!response.ok || answer.done !== options.count) {
    throw new Error(`bulk approve answered ${response.status}: ${JSON.stringify(answer)}`)
  }
  return [
    {
      path: `Bulk Approve, ${options.count} LMAs in one request`,
      load: '1 request',
      result: `${seconds(elapsed)} (${ms((elapsed * 1000) / options.count)} each), ${answer.done} approved`,
      baseline: `one Approve: p50 ${ms(single)}; × ${options.count} = ${seconds((single * options.count) / 1000)}`,
      ratio: `${times((elapsed * 1000) / (single * options.count))}`,
    },
  ]
}

async function submitLma(url: string, n: number, year: number): Promise<void> {
  const body = lmaEnrollment(1, { name: `Bulk Bench ${n} Dealers` }, { year })
  const response = await fetch(`${url}/api/enrollments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (response.status !== 201) throw new Error(`LMA submission answered ${response.status}`)
}
