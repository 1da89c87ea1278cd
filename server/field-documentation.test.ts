import { describe, expect, it } from 'vitest'
import { DEALER_FIELDS } from '../shared/enrollment/dealer-entry-fields.js'
import { LMA_FIELDS } from '../shared/enrollment/lma-record-fields.js'
import { markdownSection, repositoryDocument } from './test-support/markdown-tables.js'

const product = repositoryDocument('docs/product.md')

/** The names a section of docs/product.md sets in code spans: `bac`, `Small`, ... */
function namedIn(heading: string): Set<string> {
  return new Set(
    [...markdownSection(product, heading).matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''),
  )
}

describe("docs/product.md's fields", () => {
  it('name every described field of a dealer entry', () => {
    const named = namedIn('### Dealer entry')
    expect(DEALER_FIELDS.filter((field) => !named.has(field))).toEqual([])
  })

  it('name every described field of the LMA record', () => {
    const named = namedIn('### LMA record')
    expect(LMA_FIELDS.filter((field) => !named.has(field))).toEqual([])
  })
})
