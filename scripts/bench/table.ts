/** One line of the benchmark's table. */
export interface BenchRow {
  path: string
  load: string
  result: string
  /** The baseline measured in the same run. */
  baseline: string
  ratio: string
}

const HEADERS: BenchRow = {
  path: 'Path',
  load: 'Load',
  result: 'Result',
  baseline: 'Baseline (same run)',
  ratio: 'Ratio',
}

/** The rows as one Markdown table (readable in a terminal, pasteable into docs/performance.md). */
export function formatTable(rows: readonly BenchRow[]): string {
  const keys = Object.keys(HEADERS) as Array<keyof BenchRow>
  const all = [HEADERS, ...rows]
  const widths = keys.map((key) => Math.max(...all.map((row) => row[key].length)))
  const line = (row: BenchRow) =>
    `| ${keys.map((key, index) => row[key].padEnd(widths[index] ?? 0)).join(' | ')} |`
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`
  return [line(HEADERS), rule, ...rows.map(line)].join('\n')
}

export const ms = (value: number) =>
  value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(value >= 10 ? 1 : 2)} ms`
export const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`
export const mb = (value: number) => `${value.toFixed(0)} MB`
export const kb = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(2)} MB` : `${(bytes / 1000).toFixed(1)} kB`
export const times = (value: number) =>
  Number.isFinite(value) ? `${value >= 10 ? value.toFixed(0) : value.toFixed(2)}×` : 'n/a'
export const seconds = (value: number) => `${value.toFixed(value >= 10 ? 1 : 2)} s`

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** The value at quantile `q` (0.5, 0.99) of ascending values; 0 when there are none. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}

/** A progress line on stderr, so stdout holds the table only. */
export function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`)
}
