import { PassThrough, type Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export interface XlsxDownload {
  workbook: ExcelJS.stream.xlsx.WorkbookWriter
  /** True once the client has gone: stop producing rows. */
  readonly closed: boolean
  /** Resolves once the client has taken what was written so far, or has gone. */
  drained(): Promise<void>
}

/** `{prefix}-YYYY-MM-DD.xlsx`, dated the day of the download. */
export function reportFilename(prefix: string, today = new Date()): string {
  return `${prefix}-${today.toISOString().slice(0, 10)}.xlsx`
}

/**
 * Sends the headers of an xlsx attachment and streams the workbook that `write` fills, then
 * commits it. Rows are zipped and sent as they are committed, so memory stays flat; an error
 * after the headers can only cut the download short (and is logged).
 */
export function sendXlsx(
  reply: FastifyReply,
  filename: string,
  write: (download: XlsxDownload) => Promise<void>,
): FastifyReply {
  const body = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: body,
    useStyles: true,
    // Shared strings would keep every distinct text in memory until the end.
    useSharedStrings: false,
  })
  workbook.creator = 'Dealer Funded POS Program'
  const download: XlsxDownload = {
    workbook,
    get closed() {
      return body.destroyed
    },
    drained: () => drained(body),
  }
  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body)
  write(download)
    .then(() => (download.closed ? undefined : workbook.commit()))
    .catch((error: unknown) => {
      reply.log.error({ err: error }, 'the report stopped part way')
      body.destroy(error instanceof Error ? error : new Error(String(error)))
    })
  return reply
}

function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done)
      stream.off('close', done)
      resolve()
    }
    stream.on('drain', done)
    stream.on('close', done)
  })
}
