import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * One way to show each thing (docs/product.md#how-things-are-shown): a date, an amount, a count
 * and a change, a percentage, text in order, each defined once in `shared/format/`. A format of
 * its own anywhere else (`Intl.NumberFormat`, `toLocaleString`, ...) fails this test, naming the
 * file and line, so the screens, mails and workbooks cannot drift apart again unnoticed.
 */
const root = fileURLToPath(new URL('../', import.meta.url))

/** Where the product's code lives: the browser's, the server's and what both run. */
const FOLDERS = ['web/src', 'shared', 'server']

/** The one place that may build a locale's format. */
const OWNER = 'shared/format/'

/** This file, whose samples show what is caught. */
const SELF = 'server/format-owners.test.ts'

/** Every way code formats or orders by a locale of its own, each with what it catches. */
const FORMATS_ITSELF: Record<string, RegExp> = {
  'Intl (a formatter or collator of its own)': /\bIntl\s*\./,
  'toLocaleString, toLocaleDateString or toLocaleTimeString': /\.toLocale(?:Date|Time)?String\s*\(/,
}

/** The code of `text` without its comments (a comment may name what it must not use). */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

/** The ways `text` formats by itself, each with the line it is on. */
function formatsIn(text: string): string[] {
  const code = withoutComments(text)
  return Object.entries(FORMATS_ITSELF).flatMap(([way, pattern]) => {
    const match = pattern.exec(code)
    if (!match) return []
    const line = code.slice(0, match.index).split('\n').length
    return [`${way} (line ${line})`]
  })
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('who formats dates, amounts and counts', () => {
  it('only shared/format/: no Intl or toLocaleString anywhere else in web/, shared/ or server/', () => {
    const formatting = Object.fromEntries(
      FOLDERS.flatMap(sourceFiles)
        .map((file) => relative(root, join(root, file)).replaceAll('\\', '/'))
        .filter((file) => !file.startsWith(OWNER) && file !== SELF)
        .map((file) => [file, formatsIn(readFileSync(join(root, file), 'utf8'))] as const)
        .filter(([, ways]) => ways.length > 0)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    )
    expect(formatting).toEqual({})
  })

  it('sees every way of formatting by itself, and not code or words that only look like one', () => {
    const formats = [
      "const COUNT = new Intl.NumberFormat('en-US')",
      "new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })",
      "const collator = new Intl.Collator('en-US')",
      "count.toLocaleString('en-US')",
      'at.toLocaleDateString()',
      "when.toLocaleTimeString('en-US')",
      'Intl\n  .NumberFormat()',
      "{text.length.toLocaleString('en-US')} of",
      "const url = 'https://example.com'; const n = x.toLocaleString()",
    ]
    expect(formats.filter((text) => formatsIn(text).length === 0)).toEqual([])
    const lookalikes = [
      '// never Intl.NumberFormat here: shared/format/number-text.ts',
      '/** toLocaleString would differ between browsers. */',
      "import { formatCount } from '@shared/format/number-text'",
      'const international = 1',
      'a.sortsAt.localeCompare(b.sortsAt)',
      'const Intl2 = 3',
    ]
    expect(lookalikes.filter((text) => formatsIn(text).length > 0)).toEqual([])
  })
})
