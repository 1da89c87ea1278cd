import { type PassThrough, Writable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { describe, expect, it } from 'vitest'
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

async function settle() {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 5))
}

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
    await settle()
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
    await settle()
    expect(errors).toEqual(['the report stopped part way'])
    expect(recorded).toEqual([])
  })

  it('is not recorded when the client goes away before the end', async () => {
    const recorded: number[] = []
    const fake = fakeReply(sink())
    sendXlsx(
      fake.reply,
      'test.xlsx',
      async (download: XlsxDownload) => {
        const sheet = addReportSheet(download.workbook, 'Rows', columns)
        sheet.add(1)
        fake.body()?.destroy()
        await new Promise((resolve) => setTimeout(resolve, 5))
        return download.closed ? 1 : 2
      },
      async (rows) => {
        recorded.push(rows)
      },
    )
    await settle()
    expect(recorded).toEqual([])
  })
})
