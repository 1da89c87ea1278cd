import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import {
  carrierName,
  checkCarrier,
  checkShippedDate,
  checkTrackingNumber,
  findTrackingColumns,
} from '../../shared/shipping/tracking-file.js'
import { AppError } from '../http/app-error.js'
import { readUploadTable, uploadKind, zipUncompressedBytes } from './tracking-upload-file.js'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const csv = (text: string) => readUploadTable('csv', Buffer.from(text))

/** The tracking file read as the upload reads it (docs/product.md#tracking-upload). */
describe('reading a tracking file', () => {
  it('reads CSV with a byte-order mark, quotes, semicolons or tabs, numbering rows as the file does', async () => {
    const table = await csv('\uFEFFBAC,Carrier\r\n\r\n"A,1","U""PS"\r\nB2,UPS\r\n')
    expect(table.header).toEqual({ row: 1, cells: ['BAC', 'Carrier'] })
    expect(table.rows).toEqual([
      { row: 3, cells: ['A,1', 'U"PS'] },
      { row: 4, cells: ['B2', 'UPS'] },
    ])
    expect((await csv('BAC;Carrier\nA1;UPS\n')).rows[0]?.cells).toEqual(['A1', 'UPS'])
    expect((await csv('BAC\tCarrier\nA1\tUPS\n')).rows[0]?.cells).toEqual(['A1', 'UPS'])
  })

  it('refuses what is not a tracking file with a 4xx that says why', async () => {
    const status = async (read: () => unknown) => {
      try {
        await read()
      } catch (error) {
        if (error instanceof AppError) return [error.status, error.message]
        throw error
      }
      return [200, '']
    }
    expect(await status(() => csv(''))).toEqual([400, expect.stringContaining('empty')])
    expect(await status(() => csv('BAC\nA,"open\n'))).toEqual([
      400,
      expect.stringContaining('row 2'),
    ])
    expect(await status(() => readUploadTable('csv', Buffer.from([0x42, 0xff, 0xfe])))).toEqual([
      400,
      expect.stringContaining('UTF-8'),
    ])
    expect(
      await status(() => readUploadTable('xlsx', Buffer.from('PK\u0003\u0004 no zip'))),
    ).toEqual([400, expect.stringContaining('Excel workbook')])
    expect(await status(() => uploadKind('application/pdf', Buffer.from('x')))).toEqual([
      415,
      expect.stringContaining('CSV'),
    ])
    expect(uploadKind('application/octet-stream', Buffer.from('PK\u0003\u0004'))).toBe('xlsx')
    expect(uploadKind('text/csv; charset=utf-8', Buffer.from('BAC'))).toBe('csv')
    expect(uploadKind(XLSX, Buffer.from('x'))).toBe('xlsx')
  })

  it('reads a workbook’s sizes from its zip directory before unzipping it; a huge one is a 413', async () => {
    const workbook = new ExcelJS.Workbook()
    workbook.addWorksheet('Tracking').addRow(['BAC', 'Carrier'])
    const body = Buffer.from(await workbook.xlsx.writeBuffer())
    const size = zipUncompressedBytes(body)
    expect(size).toBeGreaterThan(body.length)
    // The first entry claims 4 GB - 2 unzipped.
    const bomb = Buffer.from(body)
    const directory = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    bomb.writeUInt32LE(0xfffffffe, directory + 24)
    expect(zipUncompressedBytes(bomb)).toBeGreaterThan(64 * 1024 * 1024)
    await expect(readUploadTable('xlsx', bomb)).rejects.toMatchObject({ status: 413 })
    expect(zipUncompressedBytes(Buffer.from('not a zip'))).toBeNull()
  })
  it('reads a worksheet’s header columns only, however far its cells reach, and stops a row after the most a file holds', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Tracking')
    sheet.addRow(['BAC', 'Event Code', 'Carrier', 'Tracking Number', 'Shipped Date'])
    sheet.addRow(['A1', 'CHEVY-2025-1', 'UPS', '1ZWIDE', '2025-02-20'])
    sheet.getCell('XFD2').value = 'beyond'
    // 2,000 rows of one cell each at the last column (XFD) filled the memory.
    for (let row = 3; row <= 2002; row++) sheet.getCell(`XFD${row}`).value = 'x'
    const body = Buffer.from(await workbook.xlsx.writeBuffer())
    const started = performance.now()
    const table = await readUploadTable('xlsx', body)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(table.rows).toEqual([
      { row: 2, cells: ['A1', 'CHEVY-2025-1', 'UPS', '1ZWIDE', '2025-02-20'] },
    ])

    sheet.getCell('XFD1').value = 'far'
    const wide = readUploadTable('xlsx', Buffer.from(await workbook.xlsx.writeBuffer()))
    await expect(wide).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('beyond column 100'),
    })

    const many = new ExcelJS.Workbook()
    const rows = many.addWorksheet('Tracking')
    rows.addRow(['BAC'])
    for (let row = 0; row < 20_001; row++) rows.addRow([`B${row}`])
    await expect(
      readUploadTable('xlsx', Buffer.from(await many.xlsx.writeBuffer())),
    ).rejects.toMatchObject({
      status: 413,
      message: expect.stringContaining('at most 20,000 rows'),
    })
  })
})

describe('the tracking file’s rules', () => {
  it('finds the columns by header in any order, case and spaces ignored; names what is missing or twice', () => {
    expect(
      findTrackingColumns([
        'shipped date',
        'Notes',
        'TRACKINGNUMBER',
        'carrier',
        'Event  Code',
        'bac',
      ]),
    ).toEqual({ columns: { bac: 5, event: 4, carrier: 3, trackingNumber: 2, shippedOn: 0 } })
    const wrong = findTrackingColumns(['BAC', 'bac', 'Event Code', 'Carrier', 'Shipped Date'])
    expect(wrong).toEqual({
      problems: [
        'The header has 2 “BAC” columns.',
        'The header has no “Tracking Number” column.',
        'A tracking file’s first row names its columns: BAC, Event Code, Carrier, Tracking Number, Shipped Date.',
      ],
    })
  })

  it('takes a date as YYYY-MM-DD, an Excel date cell or its serial number, never after the latest date anywhere', () => {
    expect(checkShippedDate('2025-02-20', '2025-03-01')).toEqual({ value: '2025-02-20' })
    expect(checkShippedDate(new Date(Date.UTC(2025, 1, 20)), '2025-03-01')).toEqual({
      value: '2025-02-20',
    })
    expect(checkShippedDate(45708, '2025-03-01')).toEqual({ value: '2025-02-20' })
    for (const bad of ['20/02/2025', '2025-02-30', 'soon', 45708.5]) {
      expect(checkShippedDate(bad, '2025-03-01')).toEqual({
        problem: 'The shipped date is not a date: write it as YYYY-MM-DD.',
      })
    }
    expect(checkShippedDate('2025-03-02', '2025-03-01')).toEqual({
      problem: 'The shipped date 2025-03-02 is in the future.',
    })
    expect(checkShippedDate('2024-01-01', '2025-03-01', 2025)).toEqual({ value: '2024-01-01' })
    for (const old of ['2023-12-31', '1900-01-01', 1]) {
      expect(checkShippedDate(old, '2025-03-01', 2025)).toEqual({
        problem: expect.stringContaining(
          'is before January 1, 2024: a 2025 event’s kits ship from the year before on.',
        ),
      })
    }
  })

  it('writes the carriers with tracking pages one way; a tracking number holds letters, digits, spaces and hyphens', () => {
    expect(['ups', 'U.P.S.', 'fed ex', 'FEDEX', 'usps', 'DHL'].map(carrierName)).toEqual([
      'UPS',
      'UPS',
      'FedEx',
      'FedEx',
      'USPS',
      'DHL',
    ])
    expect(['DHL Express', 'A&B Freight Co.', "O'Neil-Ship 2", 'Señal'].map(checkCarrier)).toEqual(
      ['DHL Express', 'A&B Freight Co.', "O'Neil-Ship 2", 'Señal'].map((value) => ({ value })),
    )
    for (const bad of ['<b>Acme</b> http://evil.example', 'Acme (fast)', '-Acme', 'Acme/2']) {
      expect(checkCarrier(bad)).toEqual({
        problem: "A carrier’s name holds letters, digits, spaces and . & ' - only.",
      })
    }
    expect(checkCarrier('A'.repeat(41))).toEqual({
      problem: 'The carrier is longer than 40 characters.',
    })
    expect(checkTrackingNumber(' 1z 999-aa ')).toEqual({ value: '1Z999-AA' })
    expect(checkTrackingNumber('=HYPERLINK("x")')).toEqual({
      problem: 'A tracking number holds letters, digits, spaces and hyphens only.',
    })
    expect(checkTrackingNumber('9'.repeat(41))).toEqual({
      problem: 'The tracking number is longer than 40 characters.',
    })
  })
})
