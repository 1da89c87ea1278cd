import { describe, expect, it } from 'vitest'
import { parseDealerCsv } from './parse-dealer-csv.js'

const HEADER = 'bac,name,address,city,state,postal,country'

describe('parseDealerCsv', () => {
  it('reads loosely named headers, a BOM and CRLF, and normalizes the values', () => {
    const text =
      '\uFEFF BAC ,Dealer Name,Street_Address,CITY,St,Zip Code,Country\r\n' +
      'ab12,Riverside Chevrolet,1 Main St,Lansing,mi,48906-1234,US\r\n' +
      '112233,Summit Auto Group,2 Oak Ave,Phoenix,AZ,85016,\r\n'
    expect(parseDealerCsv(text)).toEqual({
      rows: [
        {
          bac: 'AB12',
          name: 'Riverside Chevrolet',
          address: '1 Main St',
          city: 'Lansing',
          state: 'MI',
          postal: '48906',
          country: 'USA',
        },
        {
          bac: '112233',
          name: 'Summit Auto Group',
          address: '2 Oak Ave',
          city: 'Phoenix',
          state: 'AZ',
          postal: '85016',
          country: 'USA',
        },
      ],
      errors: [],
      warnings: [],
    })
  })

  it('accepts Postal Code and dealer_name, and defaults missing optional columns', () => {
    const { rows, errors } = parseDealerCsv(
      'dealer_name,Postal Code,bac,STATE\nA Dealer,02134,9,MA',
    )
    expect(errors).toEqual([])
    expect(rows).toEqual([
      {
        bac: '9',
        name: 'A Dealer',
        address: '',
        city: '',
        state: 'MA',
        postal: '02134',
        country: 'USA',
      },
    ])
  })

  it('reads quoted values with commas, doubled quotes and line breaks, counting lines right', () => {
    const text = [
      HEADER,
      '1,"Hayes Chevrolet, Inc.","100 ""The Strip"" Blvd",Las Vegas,NV,89109,USA',
      '2,"Two Line',
      'Motors",1 A St,Reno,NV,89501,USA',
      '3,Bad State,1 A St,Reno,ZZ,89501,USA',
    ].join('\n')
    const { rows, errors } = parseDealerCsv(text)
    expect(rows.map((row) => [row.bac, row.name, row.address])).toEqual([
      ['1', 'Hayes Chevrolet, Inc.', '100 "The Strip" Blvd'],
      ['2', 'Two Line\nMotors', '1 A St'],
    ])
    expect(errors).toEqual([{ line: 5, message: expect.stringContaining('state "ZZ"') }])
  })

  it('skips blank lines and empty rows but counts them, with CR-only line ends too', () => {
    const text = `${HEADER}\r\r1,A,,,OH,43215,\r,,,,,,\r   \r2,B,,,OH,ABC,\r`
    const { rows, errors } = parseDealerCsv(text)
    expect(rows.map((row) => row.bac)).toEqual(['1'])
    expect(errors).toEqual([{ line: 6, message: expect.stringContaining('postal "ABC"') }])
  })

  it('keeps the last row of a repeated BAC (any case) and warns', () => {
    const text = `${HEADER}\nab1,First,,,MI,48226,\n2,Other,,,MI,48226,\nAB1,Second,,,OH,43215,\n`
    const { rows, errors, warnings } = parseDealerCsv(text)
    expect(errors).toEqual([])
    expect(rows).toHaveLength(2)
    expect(rows.find((row) => row.bac === 'AB1')).toMatchObject({ name: 'Second', state: 'OH' })
    expect(warnings).toEqual([
      { line: 4, message: 'BAC AB1 also appears on line 2; this row replaces it' },
    ])
  })

  it('warns about columns it ignores', () => {
    const { rows, warnings } = parseDealerCsv('bac,name,state,zip,Phone,Region\n1,A,MI,48226,x,y')
    expect(rows).toHaveLength(1)
    expect(warnings).toEqual([{ line: 1, message: 'ignored columns: Phone, Region' }])
  })

  it('reads quotes inside unquoted values literally', () => {
    const { rows } = parseDealerCsv(`${HEADER}\n1,Bob's "Best" Chevrolet,,,MI,48226,\n`)
    expect(rows[0]?.name).toBe('Bob\'s "Best" Chevrolet')
  })
})
