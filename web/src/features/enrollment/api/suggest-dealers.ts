import type { DealerEntry } from '@shared/enrollment/enrollment'
import type { Suggestion } from '../../../components/form/combobox-field'
import { call } from '../../../lib/api-client'

export type DealerDetail = Omit<DealerEntry, 'simple'> & { regionId: number | null }

/** BAC type-ahead (docs/product.md#type-ahead): postal cut to 5, a kit size or hispanic of None blank, billing blank. */
export async function suggestDealers(
  text: string,
  signal: AbortSignal,
): Promise<Suggestion<DealerDetail>[]> {
  try {
    const results = await call('GET /api/enrollments/autocomplete/bac', {
      query: { value: text },
      signal,
    })
    return results.map((result) => ({
      name: result.bac,
      description: result.name,
      detail: {
        ...result,
        postal: result.postal.slice(0, 5),
        kitSize: result.kitSize === 'None' ? '' : result.kitSize,
        hispanic: result.hispanic === 'None' ? '' : result.hispanic,
        billing: '',
      },
    }))
  } catch (error) {
    if (!signal.aborted) console.error('BAC suggestions failed', error)
    return []
  }
}
