import { readdirSync, readFileSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * Code and documents point at sections of ARCHITECTURE.md, docs/decisions.md and
 * docs/performance.md by their heading, quoted (`docs/decisions.md, "The server runs as one
 * bundle"`, a leading part followed by `...` will do) or as an anchor
 * (`ARCHITECTURE.md#import-direction`). A heading renamed or a section cut must take its
 * references along: this test fails on a reference that names no heading.
 */
const root = fileURLToPath(new URL('../', import.meta.url))

const DOCUMENTS = {
  'ARCHITECTURE.md': 'ARCHITECTURE.md',
  'decisions.md': 'docs/decisions.md',
  'performance.md': 'docs/performance.md',
} as const
type Document = keyof typeof DOCUMENTS

const SEARCHED = ['.ci', 'docs', 'e2e', 'scripts', 'server', 'shared', 'web']
const TEXT = new Set(['.ts', '.tsx', '.mjs', '.cjs', '.js', '.md', '.css', '.html', '.json', ''])
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage'])

function filesIn(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : filesIn(path)
    return TEXT.has(extname(entry.name)) ? [path] : []
  })
}

const files = [
  ...readdirSync(root).filter((name) => /\.(md|cjs|json)$/.test(name)),
  ...SEARCHED.flatMap(filesIn),
]

/** A file's text with its line breaks and comment markers (`//`, ` * `, `#`) made one space. */
const joined = (text: string) => text.replace(/[ \t]*\r?\n[ \t]*(?:\/\/+|\*(?!\*)|#+)?[ \t]*/g, ' ')

/** A heading's words, without a decision's number ("12. "). */
const headingsOf = (document: Document) =>
  readFileSync(join(root, DOCUMENTS[document]), 'utf8')
    .replace(/^```[\s\S]*?^```/gm, '')
    .split('\n')
    .flatMap((line) => /^#+ (.+)$/.exec(line)?.[1] ?? [])
    .map((heading) => heading.replace(/^\d+\. /, '').trim())

/** GitHub's anchor of a heading. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')

const headings = Object.fromEntries(
  Object.keys(DOCUMENTS).map((document) => [document, headingsOf(document as Document)]),
) as Record<Document, string[]>

const anchorsOf = (document: Document) =>
  readFileSync(join(root, DOCUMENTS[document]), 'utf8')
    .split('\n')
    .flatMap((line) => /^#+ (.+)$/.exec(line)?.[1] ?? [])
    .map(slug)

interface Reference {
  file: string
  document: Document
  quoted?: string
  anchor?: string
}

function referencesIn(file: string): Reference[] {
  const text = joined(readFileSync(join(root, file), 'utf8'))
  const found: Reference[] = []
  const quoted =
    /(ARCHITECTURE\.md|decisions\.md|performance\.md)(?:, ?| )\(?(?:"([^"]{3,150})"|'([^']{3,150})'|“([^”]{3,150})”)/g
  for (const match of text.matchAll(quoted)) {
    const title = (match[2] ?? match[3] ?? match[4] ?? '').trim()
    found.push({ file, document: match[1] as Document, quoted: title })
  }
  for (const match of text.matchAll(/(ARCHITECTURE\.md|decisions\.md|performance\.md)#([\w-]+)/g)) {
    found.push({ file, document: match[1] as Document, anchor: match[2] })
  }
  // A document's links to its own sections.
  const own = (Object.entries(DOCUMENTS) as [Document, string][]).find(([, path]) => path === file)
  if (own) {
    for (const match of text.matchAll(/\]\(#([\w-]+)\)/g)) {
      found.push({ file, document: own[0], anchor: match[1] })
    }
  }
  return found
}

/** Whether a quoted title names a heading: the whole heading or, ending in `...`, its start. */
function namesAHeading({ document, quoted = '' }: Reference): boolean {
  const start = quoted
    .replace(/(,? ?(\.\.\.|…))$/, '')
    .replace(/[.,;:]$/, '')
    .toLowerCase()
  return headings[document].some((heading) => heading.toLowerCase().startsWith(start))
}

const references = files.flatMap(referencesIn)

describe('references to the sections of ARCHITECTURE.md, docs/decisions.md and docs/performance.md', () => {
  it('finds the references (the search works)', () => {
    expect(references.filter(({ quoted }) => quoted !== undefined).length).toBeGreaterThan(20)
    expect(references.filter(({ anchor }) => anchor !== undefined).length).toBeGreaterThan(2)
  })

  it('quote headings that exist', () => {
    const broken = references
      .filter((reference) => reference.quoted !== undefined && !namesAHeading(reference))
      .map(({ file, document, quoted }) => `${relative('.', file)}: ${document}, "${quoted}"`)
    expect(broken).toEqual([])
  })

  it('link to anchors that exist', () => {
    const broken = references
      .filter(
        ({ document, anchor }) => anchor !== undefined && !anchorsOf(document).includes(anchor),
      )
      .map(({ file, document, anchor }) => `${file}: ${document}#${anchor}`)
    expect(broken).toEqual([])
  })
})
