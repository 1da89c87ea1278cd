import type ExcelJS from 'exceljs'
import { EXCEL_DATE_FORMAT, EXCEL_DATE_TIME_FORMAT } from '../../shared/format/date-text.js'
import { safeCellText } from './safe-cell-text.js'

export type CellKind = 'text' | 'integer' | 'currency' | 'date' | 'dateTime'
export type CellValue = string | number | Date | null

export interface ReportColumn<Row> {
  header: string
  /** In characters, as Excel measures a column. */
  width: number
  kind: CellKind
  value(row: Row): CellValue
}

export const CURRENCY_FORMAT = '"$"#,##0.00'

/**
 * Text columns are formatted as text, so an edited cell stays text too; date cells stay dates,
 * shown with the screens' pattern (shared/format/date-text.ts).
 */
const NUMBER_FORMATS: Record<CellKind, string> = {
  text: '@',
  integer: '0',
  currency: CURRENCY_FORMAT,
  date: EXCEL_DATE_FORMAT,
  dateTime: EXCEL_DATE_TIME_FORMAT,
}

export interface ReportSheet<Row> {
  /** Writes one data row and hands it to the stream at once. */
  add(row: Row): void
  /** A bold totals row after a blank one, outside the auto-filter range. */
  addTotals(values: CellValue[]): void
  commit(): void
}

/**
 * A worksheet of a streaming workbook: bold, frozen header row with an auto-filter, each
 * column's width and number format; every text cell goes through safeCellText.
 */
export function addReportSheet<Row>(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: readonly ReportColumn<Row>[],
): ReportSheet<Row> {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] })
  // One style object per column, the column's and each of its data cells': exceljs looks a
  // style up by object first and renders it to XML to find its id otherwise, which a new copy
  // in every cell would make it do for each cell (a quarter of the export's time;
  // docs/performance.md).
  const dataStyles = columns.map((column) => Object.freeze({ numFmt: NUMBER_FORMATS[column.kind] }))
  sheet.columns = columns.map((column, index) => ({
    header: column.header,
    width: column.width,
    style: dataStyles[index],
  }))
  const header = sheet.getRow(1)
  header.font = { bold: true }
  header.commit()
  let lastDataRow = 1

  const cells = (values: CellValue[]) =>
    values.map((value, index) =>
      columns[index]?.kind === 'text' || typeof value === 'string'
        ? safeCellText(value === null || value === undefined ? null : String(value))
        : value,
    )

  return {
    add(row) {
      const written = sheet.addRow(cells(columns.map((column) => column.value(row))))
      for (const [index, style] of dataStyles.entries()) {
        const cell = written.findCell(index + 1)
        if (cell) cell.style = style
      }
      written.commit()
      lastDataRow = written.number
    },
    addTotals(values) {
      sheet.addRow([]).commit()
      const totals = sheet.addRow(cells(values))
      totals.font = { bold: true }
      totals.commit()
    },
    commit() {
      sheet.autoFilter = {
        from: { row: 1, column: 1 },
        to: { row: lastDataRow, column: columns.length },
      }
      sheet.commit()
    },
  }
}
