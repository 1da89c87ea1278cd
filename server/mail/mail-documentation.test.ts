import { describe, expect, it } from 'vitest'
import { MAIL_KINDS } from '../../shared/domain/mail-kinds.js'
import { MAIL_KIND_WORDS } from '../../shared/format/mail-words.js'
import {
  markdownSection,
  markdownTables,
  repositoryDocument,
} from '../test-support/markdown-tables.js'

/** The first cells of docs/product.md's table of mails: 'submission receipt', ... */
const documented = (
  markdownTables(markdownSection(repositoryDocument('docs/product.md'), '## Mails'))[0]?.rows ?? []
).map(([mail = '']) => mail.toLowerCase())

describe("docs/product.md's table of mails", () => {
  it('has a row for every kind of mail the outbox takes, named as the admin area names it', () => {
    const words = MAIL_KINDS.map((kind) => MAIL_KIND_WORDS[kind].toLowerCase())
    expect(words.filter((word) => !documented.includes(word))).toEqual([])
  })

  it('and no row for a mail the server does not send (a row may name a variant of a kind)', () => {
    const words = MAIL_KINDS.map((kind) => MAIL_KIND_WORDS[kind].toLowerCase())
    expect(documented.filter((row) => !words.some((word) => row.endsWith(word)))).toEqual([])
  })
})
