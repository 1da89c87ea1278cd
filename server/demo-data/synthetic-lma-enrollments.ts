import type { Brand } from '../../shared/config/public-config.js'
import type { LmaRecord } from '../../shared/enrollment/enrollment.js'
import { lmaNameKey } from '../../shared/enrollment/lma-name-key.js'
import {
  type DealerPool,
  type DemoEnrollment,
  type DemoYearContext,
  dealerRow,
  enrollmentDates,
} from './demo-enrollment.js'
import { DEMO_PLACES } from './demo-places.js'
import { AGENCIES, LMA_TITLES, STREETS } from './demo-words.js'
import { demoEmail, demoPerson, demoPhone } from './synthetic-contacts.js'

const NAME_PATTERNS: ReadonlyArray<(city: string, brand: string) => string> = [
  (city, brand) => `Greater ${city} ${brand} Dealers`,
  (city, brand) => `${city} Area ${brand} Dealers Association`,
  (city, brand) => `${brand} Dealers of ${city}`,
  (city, brand) => `${city} ${brand} Dealer Advertising Group`,
]

/**
 * An Approved LMA enrollment with 4 to 15 dealers, from the LMA's state as far as it has unused
 * ones. `takenNames` holds the lma_name_keys already used in this brand and year.
 */
export function lmaEnrollment(
  context: DemoYearContext,
  brand: Brand,
  pool: DealerPool,
  takenNames: Set<string>,
): DemoEnrollment {
  const { random, year } = context
  const first = pool.take(brand.key)
  const members = [first, ...pool.takeNear(brand.key, first.state, random.int(3, 14))]
  const metros = DEMO_PLACES.filter((place) => place.state === first.state)
  const metro = random.pick(metros.length > 0 ? metros : DEMO_PLACES)
  const name = uniqueName(metro.city, brand.name, takenNames)
  const contact = demoPerson(random)
  const signer = random.chance(0.5) ? contact : demoPerson(random)
  const lma: LmaRecord = {
    name,
    contact: contact.name,
    address: `${random.int(100, 9_999)} ${random.pick(STREETS)}`,
    city: metro.city,
    state: metro.state,
    postal: `${metro.zip3}${String(random.int(1, 99)).padStart(2, '0')}`,
    country: 'USA',
    previousName: '',
    nameChanged: false,
    emailAddress: demoEmail('accounting', name),
    phoneNumber: demoPhone(random, metro.areaCode),
    agencyName: random.pick(AGENCIES),
    authName: signer.name,
    authTitle: random.pick(LMA_TITLES),
    authEmailAddress: demoEmail(signer.mailbox, name),
    authPhoneNumber: demoPhone(random, metro.areaCode),
    authFaxNumber: random.chance(0.25) ? demoPhone(random, metro.areaCode) : '',
    type: random.weighted([
      ['Turnkey', 2],
      ['Custom', 1],
    ]),
  }
  return {
    enrollment: {
      guid: random.uuid(),
      year,
      brand: brand.key,
      type: 'Lma',
      status: 'Approved',
      region_id: context.regionFor(metro.state),
      lma: JSON.stringify(lma),
      lma_name_key: lmaNameKey(name),
      ...enrollmentDates(random, year),
    },
    dealers: members.map((dealer, position) =>
      dealerRow(dealer, year, position, {
        kit_size: random.weighted([
          ['Small', 3],
          ['Large', 2],
        ]),
        hispanic: random.weighted([
          ['No', 6],
          ['Yes', 3],
          ['Only', 1],
        ]),
        billing: 'Lma',
      }),
    ),
  }
}

function uniqueName(city: string, brand: string, taken: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    const pattern = NAME_PATTERNS[attempt % NAME_PATTERNS.length] ?? NAME_PATTERNS[0]
    const base = pattern ? pattern(city, brand) : `${city} ${brand} Dealers`
    const name = attempt < NAME_PATTERNS.length ? base : `${base} ${Math.floor(attempt / 4) + 1}`
    const key = lmaNameKey(name)
    if (!taken.has(key)) {
      taken.add(key)
      return name
    }
  }
}
