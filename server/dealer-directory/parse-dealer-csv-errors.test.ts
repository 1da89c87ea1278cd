import { describe, expect, it } from 'vitest'
import { parseDealerCsv } from './parse-dealer-csv.js'

const HEADER = 'bac,name,address,city,state,postal,country'

describe('parseDealerCsv errors', () => {
  it('rejects bad rows with a message naming each bad field, keeping the good rows', () => {
    const text = [
      HEADER,
      ',No BAC,,,MI,48226,',
      '12-34,Dashed BAC,,,MI,48226,',
      `${'1'.repeat(26)},Long BAC,,,MI,48226,`,
      '5,,,,MI,48226,',
      `6,${'x'.repeat(101)},,,MI,48226,`,
      '7,Bad Everything,,,XX,1234,',
      '8,Fine Motors,,,TX,75201,',
      '9,No State Or Zip,,,,,',
      `10,Long Country,,,TX,75201,${'y'.repeat(61)}`,
    ].join('\n')
    const { rows, errors } = parseDealerCsv(text)
    expect(rows.map((row) => row.bac)).toEqual(['8'])
    expect(errors).toEqual([
      { line: 2, message: 'BAC is required' },
      { line: 3, message: 'BAC "12-34" must be 1 to 25 letters or digits' },
      { line: 4, message: `BAC "${'1'.repeat(26)}" must be 1 to 25 letters or digits` },
      { line: 5, message: 'name is required' },
      { line: 6, message: 'name is 101 characters long; at most 100 allowed' },
      {
        line: 7,
        message:
          'state "XX" is not a US state code (two letters, such as MI); postal "1234" is not a ' +
          '5-digit ZIP code (a spreadsheet may have dropped its leading zeros)',
      },
      { line: 9, message: 'state is required; postal (ZIP code) is required' },
      { line: 10, message: 'country is 61 characters long; at most 60 allowed' },
    ])
  })

  it('rejects a row with more values than columns, but not trailing empty ones', () => {
    const text = `${HEADER}\n1,Smith, Jones Chevrolet,1 A St,Dallas,TX,75201,USA\n2,B,,,TX,75201,USA,,\n`
    const { rows, errors } = parseDealerCsv(text)
    expect(rows.map((row) => row.bac)).toEqual(['2'])
    expect(errors).toEqual([
      { line: 2, message: expect.stringMatching(/8 values but the header has 7 columns.*quoted/) },
    ])
  })

  it('refuses a file without the required columns', () => {
    const result = parseDealerCsv('dealer,city\nA,Detroit\n')
    expect(result.rows).toEqual([])
    expect(result.errors).toEqual([
      {
        line: 1,
        message:
          'the header row has no bac, state, postal columns (expected bac, name, address, city, state, postal, country)',
      },
    ])
  })

  it('explains a file separated by semicolons', () => {
    const { errors } = parseDealerCsv('bac;name;state;zip\n1;A;MI;48226\n')
    expect(errors[0]?.message).toContain('separate values with ";"')
  })

  it('refuses two columns for the same field', () => {
    const { rows, errors } = parseDealerCsv('bac,name,state,Zip,Postal Code\n1,A,MI,48226,48226\n')
    expect(rows).toEqual([])
    expect(errors).toEqual([
      { line: 1, message: 'columns "Zip" and "Postal Code" both hold the postal' },
    ])
  })

  it('refuses an empty file and accepts a header without rows', () => {
    expect(parseDealerCsv('').errors).toEqual([
      { line: 1, message: expect.stringContaining('the file is empty') },
    ])
    expect(parseDealerCsv('\r\n\r\n').errors).toHaveLength(1)
    expect(parseDealerCsv(`${HEADER}\n`)).toEqual({ rows: [], errors: [], warnings: [] })
  })

  it('keeps the rows before a quote that is never closed and reports where it opens', () => {
    const text = `${HEADER}\n1,A,,,MI,48226,\n2,"Broken,,,MI,48226,\n3,C,,,MI,48226,\n`
    const { rows, errors } = parseDealerCsv(text)
    expect(rows.map((row) => row.bac)).toEqual(['1'])
    expect(errors).toEqual([
      {
        line: 3,
        message: expect.stringContaining('quoted value starting on this line is never closed'),
      },
    ])
  })
})
