import { describe, expect, it } from 'vitest'
import { HISPANIC_OPTIONS, KIT_SIZES } from '../../shared/domain/enrollment-choices.js'
import { rowKitCount } from '../../shared/enrollment/pricing.js'
import { KIT_FIGURES } from './kit-figures.js'

describe('the kit figures the database counts on each enrollment', () => {
  it('are every kit size and hispanic option that orders kits, and nothing else', () => {
    const ordering = KIT_SIZES.flatMap((kitSize) =>
      HISPANIC_OPTIONS.filter(
        (hispanic) => rowKitCount({ kitSize, hispanic, billing: 'ImrFunds' }) > 0,
      ).map((hispanic) => `${kitSize}/${hispanic}`),
    )
    expect(KIT_FIGURES.map((kit) => kit.key).sort()).toEqual(ordering.sort())
  })
})
