import type { Brand } from '../../shared/config/public-config.js'
import {
  type DealerPool,
  type DemoEnrollment,
  type DemoYearContext,
  dealerRow,
  enrollmentDates,
} from './demo-enrollment.js'
import { DEALER_TITLES } from './demo-words.js'
import { demoEmail, demoPerson, demoPhone } from './synthetic-contacts.js'

/** Share of dealer enrollments that opted out (Declined, billing None). */
const DECLINED_SHARE = 0.12

/** A one-dealer enrollment: mostly Approved, some Declined with billing, kit and hispanic None. */
export function dealerEnrollment(
  context: DemoYearContext,
  brand: Brand,
  pool: DealerPool,
): DemoEnrollment {
  const { random, year } = context
  const dealer = pool.take(brand.key)
  const declined = random.chance(DECLINED_SHARE)
  const person = demoPerson(random)
  const row = dealerRow(dealer, year, 0, {
    auth_name: person.name,
    auth_title: random.pick(DEALER_TITLES),
    auth_email_address: demoEmail(person.mailbox, dealer.name),
    auth_phone_number: demoPhone(random, dealer.areaCode),
    auth_fax_number: random.chance(0.3) ? demoPhone(random, dealer.areaCode) : '',
    kit_size: declined
      ? 'None'
      : random.weighted([
          ['Small', 3],
          ['Large', 2],
        ]),
    hispanic: declined
      ? 'None'
      : random.weighted([
          ['No', 6],
          ['Yes', 3],
          ['Only', 1],
        ]),
    billing: declined
      ? 'None'
      : random.weighted([
          ['ImrFunds', 3],
          ['OpenParts', 2],
        ]),
  })
  return {
    enrollment: {
      guid: random.uuid(),
      year,
      brand: brand.key,
      type: 'Dealer',
      status: declined ? 'Declined' : 'Approved',
      region_id: context.regionFor(dealer.state),
      lma: null,
      lma_name_key: null,
      ...enrollmentDates(random, year),
    },
    dealers: [row],
  }
}
