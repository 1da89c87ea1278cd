import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test-support/test-app.js'

/** What a connection that sends part of a request and then waits sees within `withinMs`. */
function sendPartly(port: number, head: string, withinMs: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head))
    let received = ''
    socket.on('data', (chunk) => {
      received += chunk.toString()
    })
    const give = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(received || 'closed')
    }
    socket.on('close', give)
    socket.on('error', give)
    const timer = setTimeout(() => {
      socket.destroy()
      resolve('still open')
    }, withinMs)
  })
}

describe('connections Node refuses before the router: slow, malformed or unknown', () => {
  let t: TestApp
  let port: number
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { timeouts: { requestMs: 400, checkIntervalMs: 100 } })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as AddressInfo).port
  })
  afterAll(() => t.close())

  it('a body that never finishes is answered 408 and the connection closed', async () => {
    const head =
      'POST /api/enrollments HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"type":'
    const seen = await sendPartly(port, head, 3_000)
    expect(seen).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('headers that never finish are cut too', async () => {
    const seen = await sendPartly(
      port,
      'GET /api/config HTTP/1.1\r\nHost: localhost\r\nX-Slow: ',
      3_000,
    )
    expect(seen).not.toBe('still open')
  })

  it.each([
    ['an unknown method', 'FOO /api/config HTTP/1.1\r\nHost: localhost\r\n\r\n', 400],
    ['a malformed request line', 'GET /api/config HTTP/9\r\n\r\n', 400],
    [
      'oversized headers',
      `GET /api/config HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
  ])(
    '%s is a problem with the security headers, then the connection closes',
    async (_label, raw, status) => {
      const seen = await sendPartly(port, raw, 3_000)
      const [head = '', body = ''] = seen.split('\r\n\r\n')
      expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
      expect(head).toMatch(/content-type: application\/problem\+json/i)
      expect(head).toMatch(/x-content-type-options: nosniff/i)
      expect(head).toMatch(/content-security-policy: default-src 'none'/i)
      expect(JSON.parse(body)).toMatchObject({ status })
    },
  )
})
