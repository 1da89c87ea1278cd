import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { waitFor } from '../test-support/wait-for.js'
import { addReportSheet, type ReportColumn } from './report-sheet.js'
import { createXlsxDownload, type XlsxDownload } from './xlsx-download.js'

interface Line {
  n: number
  text: string
}

const COLUMNS: ReportColumn<Line>[] = [
  { header: 'N', width: 8, kind: 'integer', value: (line) => line.n },
  { header: 'Text', width: 40, kind: 'text', value: (line) => line.text },
]

/** About 1 KB of XML that deflate shrinks only by half. */
const line = (n: number): Line => ({ n, text: randomBytes(450).toString('hex') })

/** A client that takes nothing until `resume()`, then everything; it keeps what it got. */
function client() {
  let stalled = true
  const chunks: Buffer[] = []
  const pending: (() => void)[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk)
      if (stalled) pending.push(done)
      else setImmediate(done)
    },
  })
  return {
    sink,
    received: () => chunks.reduce((sum, chunk) => sum + chunk.length, 0),
    body: () => Buffer.concat(chunks),
    resume() {
      stalled = false
      for (const done of pending.splice(0)) done()
    },
  }
}

interface Progress {
  added: number
  waits: number
  /** True while the lines wait for `drained()`. */
  waiting: boolean
}

/** Adds lines as an export does, waiting whenever told; `progress.added` counts them. */
async function addLines(
  download: XlsxDownload,
  sheet: { add(line: Line): void },
  count: number,
  progress: Progress = { added: 0, waits: 0, waiting: false },
) {
  for (let n = 0; n < count; n++) {
    sheet.add(line(n))
    progress.added++
    if (download.backlogged()) {
      progress.waits++
      progress.waiting = true
      await download.drained()
      progress.waiting = false
    }
    if (download.closed) break
  }
  return progress
}

/**
 * Until the lines wait for a client that reads nothing: its stream is full and the adding waits
 * for it, so nothing moves on until the client reads (however long the zip took to get there).
 */
const heldByTheClient = (sink: Writable, progress: Progress) =>
  waitFor(() => (sink.writableNeedDrain && progress.waiting) || undefined)

// No mock: exceljs's real streaming writer and zip, into a Writable standing for the client.
describe('a streamed xlsx download', () => {
  it('holds the rows back while the client reads nothing, then sends them all', async () => {
    const reader = client()
    const download = createXlsxDownload(reader.sink, ExcelJS)
    const sheet = addReportSheet(download.workbook, 'Lines', COLUMNS)
    const progress = { added: 0, waits: 0, waiting: false }
    let done = false
    // Without back-pressure all 5,000 lines (5 MB of XML) would be taken in at once.
    const adding = addLines(download, sheet, 5_000, progress).then(() => {
      done = true
    })
    await heldByTheClient(reader.sink, progress)
    expect(done).toBe(false)
    const held = progress.added
    // The zip keeps up to 1 MB of its output for a slow reader, about 2,000 of these lines.
    expect(held).toBeLessThan(3_000)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(progress.added).toBe(held)

    reader.resume()
    await adding
    expect(progress.added).toBe(5_000)
    sheet.commit()
    await download.workbook.commit()

    const book = new ExcelJS.Workbook()
    await book.xlsx.load(reader.body() as unknown as ArrayBuffer)
    const read = book.getWorksheet('Lines')
    expect(read?.rowCount).toBe(5_001)
    expect(read?.getRow(5_001).getCell(1).value).toBe(4_999)
  })

  it('holds back while the zip deflates, even for a fast client', async () => {
    const reader = client()
    reader.resume()
    const download = createXlsxDownload(reader.sink, ExcelJS)
    const sheet = addReportSheet(download.workbook, 'Lines', COLUMNS)
    const progress = await addLines(download, sheet, 3_000)
    expect(progress.waits).toBeGreaterThan(0)
    sheet.commit()
    await download.workbook.commit()
    expect(reader.received()).toBeGreaterThan(1_000_000)
  })

  it('stops waiting when the client goes away', async () => {
    const reader = client()
    const download = createXlsxDownload(reader.sink, ExcelJS)
    const sheet = addReportSheet(download.workbook, 'Lines', COLUMNS)
    const progress = { added: 0, waits: 0, waiting: false }
    const adding = addLines(download, sheet, 20_000, progress)
    await heldByTheClient(reader.sink, progress)
    reader.sink.destroy()
    await adding
    expect(download.closed).toBe(true)
    expect(progress.added).toBeLessThan(3_000)
  })
})
