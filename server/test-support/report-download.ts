import ExcelJS from 'exceljs'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'

/** Posts the hidden report form as a browser does: `bearer_token=<token>`, URL-encoded. */
export function postReportForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })
}

/** The downloaded workbook, opened as Excel would be asked to. */
export async function openWorkbook(response: LightMyRequestResponse): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook()
  // ExcelJS types its input as an ArrayBuffer; a copy of the bytes is one.
  await workbook.xlsx.load(Uint8Array.from(response.rawPayload).buffer)
  return workbook
}

/** The only worksheet of a report. */
export function onlySheet(workbook: ExcelJS.Workbook): ExcelJS.Worksheet {
  const [sheet, ...others] = workbook.worksheets
  if (!sheet || others.length > 0) throw new Error('A report has exactly one worksheet')
  return sheet
}

/** The values of a row, from column A (ExcelJS's row.values starts at index 1). */
export function rowValues(sheet: ExcelJS.Worksheet, row: number): ExcelJS.CellValue[] {
  const values = sheet.getRow(row).values
  return Array.isArray(values) ? values.slice(1) : []
}
