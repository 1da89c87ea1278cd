import type { Brand } from '../../shared/config/public-config.js'
import type { DealerDirectoryRow } from '../dealer-directory/dealer-directory-row.js'
import { DEMO_PLACES, type DemoPlace } from './demo-places.js'
import {
  BRAND_MAKES,
  FIRST_NAMES,
  GROUP_WORDS,
  LANDMARKS,
  LAST_NAMES,
  STREET_PREFIXES,
  STREETS,
  TOWN_ENDS,
  TOWN_STARTS,
} from './demo-words.js'
import type { Random } from './random.js'

/** A directory dealer plus what the generator needs to enroll it. */
export interface DemoDealer extends DealerDirectoryRow {
  /** Key of the brand whose BAC range holds the BAC. */
  brand: string
  areaCode: string
}

/**
 * The six-digit BACs of brand `index` of `count`: 100000-999999 cut into one range per brand,
 * so a demo BAC tells its brand and no two brands share one.
 */
export function bacRange(index: number, count: number): { min: number; max: number } {
  const span = Math.floor(900_000 / Math.max(count, 1))
  return { min: 100_000 + index * span, max: 100_000 + (index + 1) * span - 1 }
}

/** `share(total, parts, i)`: part i of `total` split as evenly as whole numbers allow. */
export function share(total: number, parts: number, index: number): number {
  return Math.floor(total / parts) + (index < total % parts ? 1 : 0)
}

/** `total` dealers with distinct BACs, spread evenly over the brands' BAC ranges. */
export function generateDealers(random: Random, brands: readonly Brand[], total: number) {
  const dealers: DemoDealer[] = []
  brands.forEach((brand, index) => {
    const { min, max } = bacRange(index, brands.length)
    const bacs = new Set<number>()
    const wanted = Math.min(share(total, brands.length, index), max - min + 1)
    while (bacs.size < wanted) bacs.add(random.int(min, max))
    for (const bac of bacs) dealers.push(demoDealer(random, brand, String(bac)))
  })
  return dealers
}

function demoDealer(random: Random, brand: Brand, bac: string): DemoDealer {
  const place = random.pick(DEMO_PLACES)
  const city = random.chance(0.4) ? place.city : townName(random)
  return {
    bac,
    name: dealerName(random, brand, city),
    address: `${random.int(100, 19_999)} ${random.pick(STREET_PREFIXES)}${random.pick(STREETS)}`,
    city,
    state: place.state,
    postal: zipNear(random, place),
    country: 'USA',
    brand: brand.key,
    areaCode: place.areaCode,
  }
}

function dealerName(random: Random, brand: Brand, city: string): string {
  const make = random.pick(BRAND_MAKES[brand.key] ?? [brand.name])
  const last = random.pick(LAST_NAMES)
  const name = random.weighted<() => string>([
    [() => `${random.pick(LANDMARKS)} ${make}`, 30],
    [() => `${city} ${make}`, 15],
    [() => `${random.pick(FIRST_NAMES)} ${last} ${make}`, 20],
    [() => `${last} ${make}`, 15],
    [() => `${random.pick([last, random.pick(LANDMARKS)])} ${random.pick(GROUP_WORDS)}`, 20],
  ])()
  return !name.includes(city) && random.chance(0.1) ? `${name} of ${city}` : name
}

function townName(random: Random): string {
  const start = random.pick(TOWN_STARTS)
  // Not 'Woodwood': the ending must differ from the start.
  const ends = TOWN_ENDS.filter((end) => end.trim().toLowerCase() !== start.toLowerCase())
  return `${start}${random.pick(ends)}`
}

function zipNear(random: Random, place: DemoPlace): string {
  return `${place.zip3}${String(random.int(1, 99)).padStart(2, '0')}`
}
