import { readFileSync } from 'node:fs'

/** A document of the repository (README.md, ARCHITECTURE.md, docs/product.md, ...) as text. */
export function repositoryDocument(path: string): string {
  return readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')
}

/**
 * The text under a heading (`## Configuration`), up to the next heading of the same or a higher
 * level; empty when the document has no such heading.
 */
export function markdownSection(markdown: string, heading: string): string {
  const level = heading.match(/^#+/)?.[0].length ?? 0
  const lines = markdown.split('\n')
  const start = lines.findIndex((line) => line.trim() === heading)
  if (start < 0) return ''
  const endsSection = (line: string) => {
    const hashes = line.match(/^#+(?= )/)?.[0].length
    return hashes !== undefined && hashes <= level
  }
  const rest = lines.slice(start + 1)
  const end = rest.findIndex(endsSection)
  return (end < 0 ? rest : rest.slice(0, end)).join('\n')
}

export interface MarkdownTable {
  header: string[]
  rows: string[][]
}

/**
 * The cells of a table row as a GitHub-flavoured renderer splits them: at every pipe not escaped
 * by a backslash, code spans included (a `|` inside backticks still ends the cell).
 */
export function tableCells(line: string): string[] {
  const inner = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim())
}

/**
 * Every table in a text, outside fenced code: its header's cells and each body row's cells (the
 * separator left out).
 */
export function markdownTables(text: string): MarkdownTable[] {
  const tables: MarkdownTable[] = []
  let block: string[] = []
  const flush = () => {
    const [header, separator, ...rows] = block
    if (
      header !== undefined &&
      separator !== undefined &&
      /^\s*\|?[\s:|-]+\|?\s*$/.test(separator)
    ) {
      tables.push({ header: tableCells(header), rows: rows.map(tableCells) })
    }
    block = []
  }
  let fenced = false
  for (const line of text.split('\n')) {
    // A fenced code block (a shell transcript, a diagram) holds no tables.
    if (line.trimStart().startsWith('```')) fenced = !fenced
    if (!fenced && line.trimStart().startsWith('|')) block.push(line)
    else flush()
  }
  flush()
  return tables
}
