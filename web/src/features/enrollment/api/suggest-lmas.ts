import type { LmaLookupResult } from '@shared/enrollment/enrollment'
import type { Suggestion } from '../../../components/form/combobox-field'
import { call } from '../../../lib/api-client'

/** LMA-name type-ahead (docs/product.md#type-ahead): postal cut to 5; a dealer's kit size or hispanic of None blank. */
export async function suggestLmas(
  text: string,
  brand: string,
  signal: AbortSignal,
): Promise<Suggestion<LmaLookupResult>[]> {
  try {
    const results = await call('GET /api/enrollments/autocomplete/lma-name', {
      query: { value: text, brand },
      signal,
    })
    return results.map((result) => ({
      name: result.name,
      description: [result.city, result.state].filter(Boolean).join(', '),
      detail: {
        ...result,
        postal: result.postal.slice(0, 5),
        dealers: result.dealers.map((dealer) => ({
          ...dealer,
          kitSize: dealer.kitSize === 'None' ? '' : dealer.kitSize,
          hispanic: dealer.hispanic === 'None' ? '' : dealer.hispanic,
        })),
      },
    }))
  } catch (error) {
    if (!signal.aborted) console.error('LMA suggestions failed', error)
    return []
  }
}
