import { PassThrough, type Writable } from 'node:stream'
import type ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export interface XlsxDownload {
  workbook: ExcelJS.stream.xlsx.WorkbookWriter
  /** True once the client has gone: stop producing rows. */
  readonly closed: boolean
  /**
   * True when rows wait somewhere between the worksheet and the client (the zip deflates
   * behind, or the client reads slower than rows come): wait for `drained()` before adding more.
   */
  backlogged(): boolean
  /** Resolves once nothing waits any more, or the client has gone. */
  drained(): Promise<void>
}

/** `{prefix}-YYYY-MM-DD.xlsx`, dated the day of the download. */
export function reportFilename(prefix: string, today = new Date()): string {
  return `${prefix}-${today.toISOString().slice(0, 10)}.xlsx`
}

/** Records a download that completed with the number of rows it sent (the audit trail). */
export type DownloadRecorder = (rows: number) => Promise<void>

/**
 * Sends the headers of an xlsx attachment and streams the workbook that `write` fills (answering
 * the number of data rows it wrote), then commits it. Rows are zipped and sent as they are
 * committed, so memory stays flat; an error after the headers can only cut the download short
 * (and is logged). `recorded` is called once the workbook is complete, with its rows: a download
 * cut short (the client gone, an error) is not recorded, so the trail never claims rows that were
 * not sent (docs/product.md#audit-trail).
 */
export function sendXlsx(
  reply: FastifyReply,
  filename: string,
  write: (download: XlsxDownload) => Promise<number>,
  recorded?: DownloadRecorder,
): FastifyReply {
  const body = new PassThrough()
  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body)
  const produce = async () => {
    const download = createXlsxDownload(body, await loadExcelJs())
    const rows = await write(download)
    if (download.closed) return undefined
    await download.workbook.commit()
    return rows
  }
  produce().then(
    async (rows) => {
      if (rows === undefined || !recorded) return
      try {
        await recorded(rows)
      } catch (error) {
        reply.log.error({ err: error }, 'the download could not be recorded in the audit trail')
      }
    },
    (error: unknown) => {
      reply.log.error({ err: error }, 'the report stopped part way')
      body.destroy(error instanceof Error ? error : new Error(String(error)))
    },
  )
  return reply
}

/**
 * exceljs, loaded on the first download: it is the largest module graph of the server and only
 * the reports use it, so start-up does not load it (docs/decisions.md).
 */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default
}

/**
 * A streaming workbook writing into `body`, with the back-pressure exceljs lacks. Its
 * worksheets hand their XML to the zip without looking at `write`'s answer, and the zip
 * (archiver) keeps accepting while its reader is full (up to 1 MB, then beyond), so rows
 * added faster than they are deflated and sent pile up in memory (docs/performance.md). Two
 * places show the backlog: each worksheet's zip entry (the deflate is behind) and `body` (the
 * client is behind; the zip's output only grows while `body` is full).
 */
export function createXlsxDownload(body: Writable, excel: typeof ExcelJS): XlsxDownload {
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: body,
    useStyles: true,
    // Shared strings would keep every distinct text in memory until the end.
    useSharedStrings: false,
  })
  workbook.creator = 'Dealer Funded POS Program'
  const gone = new Promise<void>((resolve) => {
    if (body.destroyed) resolve()
    else body.once('close', () => resolve())
  })
  const internals = workbook as unknown as ExcelInternals
  const entries = () =>
    (internals._worksheets ?? []).flatMap((sheet) => {
      const entry = sheet?.stream?.pipes?.[0]
      return entry && !entry.destroyed && entry._writableState ? [entry] : []
    })
  const backlogged = () =>
    !body.destroyed &&
    (body.writableNeedDrain || entries().some((entry) => entry._writableState?.needDrain))

  return {
    workbook,
    get closed() {
      return body.destroyed
    },
    backlogged,
    async drained() {
      while (backlogged()) {
        const entry = entries().find((candidate) => candidate._writableState?.needDrain)
        // The client is behind: its drain also lets the zip's output move on. Otherwise the
        // zip is behind, and its entry says when it has taken the rows.
        const next = body.writableNeedDrain || !entry ? drainOf(body) : drainOf(entry)
        await Promise.race([next, gone])
      }
    },
  }
}

/** The parts of exceljs's streaming writer (4.4) that show a backlog; see createXlsxDownload. */
interface ExcelInternals {
  _worksheets?: ({ stream?: { pipes?: ZipEntry[] } } | undefined)[]
}

/** A worksheet's zip entry: a PassThrough of archiver's readable-stream 2/3 (not Node's). */
interface ZipEntry {
  readonly destroyed: boolean
  _writableState?: { needDrain?: boolean }
  once(event: 'drain' | 'close', listener: () => void): unknown
  off(event: 'drain' | 'close', listener: () => void): unknown
}

/** Resolves on the stream's next 'drain' or its close, without leaving listeners behind. */
function drainOf(stream: ZipEntry | Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done)
      stream.off('close', done)
      resolve()
    }
    stream.once('drain', done)
    stream.once('close', done)
  })
}
