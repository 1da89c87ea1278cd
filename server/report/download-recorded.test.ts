import { type PassThrough, Writable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { describe, expect, it } from 'vitest'
import { waitFor } from '../test-support/wait-for.js'
import { addReportSheet } from './report-sheet.js'
import { sendXlsx, type XlsxDownload } from './xlsx-download.js'

/** A reply that hands the workbook's stream to `sink`, as Fastify pipes it to the socket. */
function fakeReply(sink: Writable) {
  const errors: string[] = []
  let body: PassThrough | undefined
  const reply = {
    header: () => reply,
    send(stream: PassThrough) {
      body = stream
      stream.pipe(sink)
      return reply
    },
    log: { error: (_details: object, message: string) => errors.push(message) },
  }
  return { reply: reply as unknown as FastifyReply, errors, body: () => body }
}

const sink = () =>
  new Writable({
    write: (_chunk, _encoding, done) => done(),
  })

const columns = [{ header: 'N', width: 6, kind: 'integer' as const, value: (n: number) => n }]

/** Lets what is left of a settled promise's chain run (it needs no I/O, only a turn). */
const aTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('a download in the audit trail', () => {
  it('is recorded once its workbook is complete, with the rows it wrote', async () => {
    const recorded: number[] = []
    const { reply } = fakeReply(sink())
    sendXlsx(
      reply,
      'test.xlsx',
      async (download: XlsxDownload) => {
        const sheet = addReportSheet(download.workbook, 'Rows', columns)
        for (const n of [1, 2, 3]) sheet.add(n)
        sheet.commit()
        return 3
      },
      async (rows) => {
        recorded.push(rows)
      },
    )
    await waitFor(() => recorded.length > 0 || undefined)
    expect(recorded).toEqual([3])
  })

  it('is not recorded when the workbook fails part way', async () => {
    const recorded: number[] = []
    const { reply, errors } = fakeReply(sink())
    sendXlsx(
      reply,
      'test.xlsx',
      async (download: XlsxDownload) => {
        const sheet = addReportSheet(download.workbook, 'Rows', columns)
        sheet.add(1)
        throw new Error('the database went away')
      },
      async (rows) => {
        recorded.push(rows)
      },
    )
    // Logged where the download stops; nothing is recorded after that.
    await waitFor(() => errors.length > 0 || undefined)
    await aTurn()
    expect(errors).toEqual(['the report stopped part way'])
    expect(recorded).toEqual([])
  })

  it('is not recorded when the client goes away before the end', async () => {
    const recorded: number[] = []
    const fake = fakeReply(sink())
    let written = false
    sendXlsx(
      fake.reply,
      'test.xlsx',
      async (download: XlsxDownload) => {
        const sheet = addReportSheet(download.workbook, 'Rows', columns)
        sheet.add(1)
        fake.body()?.destroy()
        await new Promise((resolve) => setTimeout(resolve, 5))
        written = true
        return download.closed ? 1 : 2
      },
      async (rows) => {
        recorded.push(rows)
      },
    )
    // Once the rows are written, whether to record is decided without waiting for anything.
    await waitFor(() => written || undefined)
    await aTurn()
    expect(recorded).toEqual([])
  })
})
