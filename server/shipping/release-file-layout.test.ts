import { describe, expect, it } from 'vitest'
import {
  trackingLayoutMarkdown,
  vendorLayoutMarkdown,
} from '../../shared/shipping/vendor-layout-markdown.js'
import { repositoryDocument } from '../test-support/markdown-tables.js'

const product = repositoryDocument('docs/product.md')
const between = (name: string) =>
  new RegExp(`<!-- ${name}:start -->\\n([\\s\\S]*?)\\n<!-- ${name}:end -->`).exec(product)?.[1]

describe('the vendor’s file layouts in docs/product.md', () => {
  it('shows the release file’s columns exactly as shared/shipping/vendor-layout.ts has them', () => {
    expect(between('vendor-layout')).toBe(vendorLayoutMarkdown())
  })

  it('shows the tracking file’s columns exactly as shared/shipping/vendor-layout.ts has them', () => {
    expect(between('tracking-layout')).toBe(trackingLayoutMarkdown())
  })
})
