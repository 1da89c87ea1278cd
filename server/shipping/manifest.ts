import { bacKey } from '../../shared/enrollment/bac-key.js'
import type { PricedRow } from '../../shared/enrollment/pricing.js'
import { shipKits } from '../../shared/shipping/ship-kits.js'
import type {
  ManifestChange,
  ManifestProblem,
  ManifestRow,
} from '../../shared/shipping/shipping-schema.js'
import type { ShipDealer } from '../db/schema.js'

/** A row of the manifest with what scoping and storing it need. */
export interface ManifestLine extends ManifestRow {
  bacKey: string
  regionId: number | null
}

export interface CurrentManifest {
  lines: ManifestLine[]
  problems: ManifestProblem[]
}

/** A dealer row that may ship, with its enrollment (shipping-repository.ts finds them). */
export interface ManifestCandidate {
  guid: string
  type: 'Lma' | 'Dealer'
  reference: string
  regionId: number | null
  dealer: ShipDealer
}

export interface ShipToAddress {
  name: string
  address: string
  city: string
  state: string
  postal: string
  country: string
}

/**
 * The dealers a brand's year ships to now (docs/product.md#manifests), from the rows the
 * shipping repository found (`manifestCandidates`): every dealer row whose billing is not None
 * of its Approved enrollments, and of an enrollment sent back after approval the rows it was
 * approved with, until it is approved again or declined. A dealer enrollment ships to its own
 * address; an LMA's dealer to the office's ship-to address for it, else the dealer directory's
 * by BAC (`addresses`, keyed `guid|BAC key`). A row without an address, with a BAC the directory
 * does not know, that orders no kit, or whose BAC another row already ships to, is a problem and
 * not on the manifest. Rows sorted by BAC; each row's change is 'added' until compared.
 */
export function buildManifest(
  candidates: readonly ManifestCandidate[],
  addresses: ReadonlyMap<string, ShipToAddress>,
): CurrentManifest {
  const lines: ManifestLine[] = []
  const problems: ManifestProblem[] = []
  const taken = new Map<string, string>()
  for (const candidate of candidates) {
    if (candidate.dealer.billing === 'None') continue
    const key = bacKey(candidate.dealer.bac)
    const base = {
      bac: candidate.dealer.bac,
      dealerName: candidate.dealer.name,
      reference: candidate.reference,
      enrollmentGuid: candidate.guid,
    }
    const kits = shipKits(candidate.dealer as PricedRow)
    if (!kits) {
      problems.push({ ...base, problem: 'It orders no kit.' })
      continue
    }
    const address =
      candidate.type === 'Dealer' ? candidate.dealer : addresses.get(shipToKey(candidate.guid, key))
    if (!address) {
      problems.push({
        ...base,
        problem: 'The dealer directory does not know this BAC: enter a ship-to address.',
      })
      continue
    }
    if (!address.address.trim() || !address.city.trim() || !address.postal.trim()) {
      problems.push({ ...base, problem: 'No ship-to address: enter one.' })
      continue
    }
    const other = taken.get(key)
    if (other !== undefined) {
      problems.push({ ...base, problem: `This BAC also ships on ${other}.` })
      continue
    }
    taken.set(key, candidate.reference)
    lines.push({
      ...base,
      dealerName: address.name || candidate.dealer.name,
      address: address.address,
      city: address.city,
      state: address.state,
      postal: address.postal,
      country: address.country,
      ...kits,
      change: 'added',
      bacKey: key,
      regionId: candidate.regionId,
    })
  }
  lines.sort((a, b) => (a.bacKey < b.bacKey ? -1 : a.bacKey > b.bacKey ? 1 : 0))
  return { lines, problems }
}

/** How the ship-to addresses of LMA dealer rows are keyed. */
export function shipToKey(enrollmentGuid: string, key: string): string {
  return `${enrollmentGuid}|${key}`
}

/** What a release row carries that a change compares: the address and the kits. */
function shipsTheSame(a: ManifestRow, b: ManifestRow): boolean {
  return (
    a.dealerName === b.dealerName &&
    a.address === b.address &&
    a.city === b.city &&
    a.state === b.state &&
    a.postal === b.postal &&
    a.country === b.country &&
    a.englishKit === b.englishKit &&
    a.englishKits === b.englishKits &&
    a.hispanicKit === b.hispanicKit &&
    a.hispanicKits === b.hispanicKits &&
    a.reference === b.reference
  )
}

/**
 * The manifest compared with the last release's whole manifest (`before`, its cancellations left
 * out): each current row added, changed or unchanged; each row of `before` no longer shipping,
 * cancelled.
 */
export function compareWithRelease(
  current: readonly ManifestLine[],
  before: readonly ManifestLine[],
): { rows: ManifestLine[]; cancelled: ManifestLine[] } {
  const previous = new Map(before.map((row) => [row.bacKey, row]))
  const rows = current.map((row) => {
    const was = previous.get(row.bacKey)
    const change: ManifestChange = !was ? 'added' : shipsTheSame(was, row) ? 'unchanged' : 'changed'
    return { ...row, change }
  })
  const now = new Set(current.map((row) => row.bacKey))
  const cancelled = before
    .filter((row) => !now.has(row.bacKey))
    .map((row) => ({ ...row, change: 'cancelled' as const }))
  return { rows, cancelled }
}
