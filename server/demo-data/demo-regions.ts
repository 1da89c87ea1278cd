import type { Region } from '../../shared/region/region.js'

/** The sales region (by its name in the regions table) that each state belongs to. */
const REGION_STATES: Readonly<Record<string, string>> = {
  Northeast: 'ME NH VT MA RI CT NY',
  'Mid-Atlantic': 'NJ PA DE MD DC VA WV',
  Southeast: 'NC SC GA FL AL MS',
  'North Central': 'MN WI IA ND SD',
  'South Central': 'TX OK AR LA',
  'Great Lakes': 'MI OH IN IL',
  Central: 'MO KS NE KY TN',
  Southwest: 'AZ NM NV',
  Mountain: 'CO UT WY MT ID',
  'Pacific Northwest': 'WA OR AK',
  California: 'CA HI',
}

/**
 * The region id for a state: its sales region when the regions table has it by name, otherwise
 * one of the regions chosen by the state code (so renamed regions still get demo data), or null
 * when there are no regions at all.
 */
export function regionFinder(regions: readonly Region[]): (state: string) => number | null {
  const idByName = new Map(regions.map((region) => [region.name, region.id]))
  const idByState = new Map<string, number>()
  for (const [name, states] of Object.entries(REGION_STATES)) {
    const id = idByName.get(name)
    if (id !== undefined) for (const state of states.split(' ')) idByState.set(state, id)
  }
  return (state) => {
    const found = idByState.get(state)
    if (found !== undefined) return found
    if (regions.length === 0) return null
    const code = (state.charCodeAt(0) || 0) * 31 + (state.charCodeAt(1) || 0)
    return regions[code % regions.length]?.id ?? null
  }
}
