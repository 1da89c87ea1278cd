import type { EnrollmentStatus } from '../../shared/domain/enrollment-choices.js'
import type { DemoEnrollment } from './demo-enrollment.js'
import type { Random } from './random.js'

const DAY_MS = 24 * 3600 * 1000
/** The demo's current program started this many days before the server's first start. */
export const DEMO_PROGRAM_DAYS = 45

/**
 * This year, partly enrolled: a little over half of last year's approved dealers and LMAs came
 * back over the last DEMO_PROGRAM_DAYS days, in every status, so the dashboard has a year in
 * progress to compare with last year's complete one and the "not re-enrolled" list has the rest.
 */
export function thisYearEnrollments(
  random: Random,
  lastYear: readonly DemoEnrollment[],
  year: number,
  now: Date,
): DemoEnrollment[] {
  const start = now.getTime() - DEMO_PROGRAM_DAYS * DAY_MS
  const returning = lastYear.filter(
    ({ enrollment }) => enrollment.status === 'Approved' && random.chance(0.55),
  )
  return returning.map(({ enrollment, dealers }, index) => {
    const lma = enrollment.type === 'Lma'
    // More submissions early in the program, as with a deadline a few weeks in.
    const offset = index === 0 ? 0 : Math.floor(random.next() ** 1.6 * DEMO_PROGRAM_DAYS * DAY_MS)
    const created = new Date(start + offset)
    const status: EnrollmentStatus = lma
      ? random.weighted([
          ['Approved', 3],
          ['Approving', 3],
          ['Authorizing', 4],
        ])
      : random.weighted([
          ['Approved', 9],
          ['Approving', 9],
          ['Declined', 2],
        ])
    const declined = status === 'Declined'
    const modified = new Date(
      Math.min(now.getTime(), created.getTime() + random.int(0, 6) * DAY_MS + 60_000),
    )
    return {
      enrollment: {
        ...enrollment,
        guid: random.uuid(),
        year,
        status,
        created_at: created,
        modified_at: modified,
        authorization_requested_at: lma ? created : null,
      },
      dealers: dealers.map((row) => ({
        ...row,
        year,
        ...(declined ? { kit_size: 'None', hispanic: 'None', billing: 'None' } : {}),
      })),
    }
  })
}
