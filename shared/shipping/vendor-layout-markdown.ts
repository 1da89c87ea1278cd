import { MANIFEST_COLUMNS, TRACKING_COLUMNS } from './vendor-layout.js'

const cell = (text: string) => text.replaceAll('|', '\\|')

/**
 * The release file's columns as docs/product.md#vendor-layout shows them (a test keeps the two
 * equal): one row per column, in the file's order.
 */
export function vendorLayoutMarkdown(): string {
  return [
    '| column | header | holds |',
    '|---|---|---|',
    ...MANIFEST_COLUMNS.map(
      (column, index) =>
        `| ${index + 1} | ${cell(column.header)} | ${cell(column.description) || '—'} |`,
    ),
  ].join('\n')
}

/** The tracking file's columns as docs/product.md#tracking-upload shows them. */
export function trackingLayoutMarkdown(): string {
  return [
    '| header | holds |',
    '|---|---|',
    ...TRACKING_COLUMNS.map((column) => `| ${cell(column.header)} | ${cell(column.description)} |`),
  ].join('\n')
}
