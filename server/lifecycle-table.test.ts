import { describe, expect, it } from 'vitest'
import { MAIL_KINDS } from '../shared/domain/mail-kinds.js'
import {
  LIFECYCLE,
  LIFECYCLE_ACTIONS,
  lifecycleMarkdown,
  lifecycleRows,
} from '../shared/enrollment/lifecycle.js'
import { repositoryDocument } from './test-support/markdown-tables.js'

const product = repositoryDocument('docs/product.md')

describe('the lifecycle table', () => {
  it('is shown in docs/product.md#lifecycle exactly as the data renders it', () => {
    const shown = /<!-- lifecycle:start -->\n([\s\S]*?)\n<!-- lifecycle:end -->/.exec(product)?.[1]
    expect(shown).toBe(lifecycleMarkdown())
  })

  it('has a row for every action, and every mail it names is a kind the outbox takes', () => {
    expect(new Set(LIFECYCLE.map((row) => row.action))).toEqual(new Set(LIFECYCLE_ACTIONS))
    for (const row of LIFECYCLE) {
      for (const mail of row.mails) expect(MAIL_KINDS).toContain(mail.kind)
    }
  })

  it('gives each action on each type and status at most one row', () => {
    for (const action of LIFECYCLE_ACTIONS) {
      for (const type of ['Dealer', 'Lma'] as const) {
        const rows = lifecycleRows(action, type)
        const from = rows.flatMap((row) => row.from)
        // Rows told apart by content (billing, invoiced or not) share statuses; the first row
        // whose `from` holds the status is the one the server acts on.
        if (rows.every((row) => row.when === undefined)) {
          expect(new Set(from).size, `${action} of ${type}`).toBe(from.length)
        }
      }
    }
  })
})
