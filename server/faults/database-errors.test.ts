import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable, markIfUnavailable } from '../db/database-errors.js'

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })

describe('database errors that mean "unavailable"', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['an unknown host', withCode('getaddrinfo ENOTFOUND db', 'ENOTFOUND')],
    [
      'a terminated backend',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['a connection failure', withCode('connection failure', '08006')],
    ['a statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a query timeout', new Error('Query read timeout')],
    ['a dead client', new Error('Client has encountered a connection error and is not queryable')],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['several refused addresses', new AggregateError([withCode('x', 'ECONNREFUSED')], 'connect')],
    ['a wrapped one', new Error('failed', { cause: withCode('x', 'ECONNRESET') })],
  ])('%s is unavailable: marked 503', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
    expect(markIfUnavailable(error)).toMatchObject({ statusCode: 503 })
  })

  it.each([
    ['a unique violation', withCode('duplicate key value', '23505')],
    ['a syntax error', withCode('syntax error at or near "x"', '42601')],
    ['a missing table', withCode('relation "x" does not exist', '42P01')],
    ['a deadlock', withCode('deadlock detected', '40P01')],
    ['a plain error', new Error('something else')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not: left as it is', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
    expect(markIfUnavailable(error)).toBe(error)
    expect(error).not.toHaveProperty('statusCode')
  })
})
