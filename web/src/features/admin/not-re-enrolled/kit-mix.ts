import type { NotReEnrolled } from '@shared/re-enrollment/not-re-enrolled-schema'

/** Last year's kits in words: 'Large, with Hispanic kits', '3 dealers: 2 Large, 1 Small; 3 with Hispanic kits'. */
export function kitMixText(item: NotReEnrolled): string {
  const { dealers, large, small, withHispanic, hispanicOnly } = item.kits
  const hispanic = [
    withHispanic > 0 &&
      (dealers === 1 ? 'with Hispanic kits' : `${withHispanic} with Hispanic kits`),
    hispanicOnly > 0 && (dealers === 1 ? 'Hispanic only' : `${hispanicOnly} Hispanic only`),
  ].filter(Boolean)
  if (dealers === 1) {
    const size = large > 0 ? 'Large' : small > 0 ? 'Small' : 'No kit'
    return [size, ...hispanic].join(', ')
  }
  const sizes = [large > 0 && `${large} Large`, small > 0 && `${small} Small`].filter(Boolean)
  return `${dealers} dealers: ${sizes.join(', ')}${hispanic.length ? `; ${hispanic.join(', ')}` : ''}`
}
