import { randomBytes, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { mintCapability } from '../capability/capability-token.js'
import { redactAttributes, redactUrl } from './redaction.js'

const token = () => mintCapability().token

describe('redactUrl: one redaction for the log, the traces and the metrics', () => {
  it("leaves out every query's values and keeps its names, in a path, a full URL or a text", () => {
    expect(redactUrl('/chevy/enrollment/lma?auth=abc&draft=def')).toBe(
      '/chevy/enrollment/lma?auth=…&draft=…',
    )
    expect(redactUrl('/oidc?code=SECRET&state=STATE#fragment')).toBe('/oidc?code=…&state=…')
    expect(redactUrl('https://enroll.example.com/oidc?CODE=x')).toBe(
      'https://enroll.example.com/oidc?CODE=…',
    )
    expect(redactUrl('GET /a?b=1 then GET /c?d=2')).toBe('GET /a?b=… then GET /c?d=…')
    expect(redactUrl('/a?b=1&c&d=x%3Dy')).toBe('/a?b=…&c=…&d=…')
    expect(redactUrl('/a?')).toBe('/a?')
    expect(redactUrl('?auth=x')).toBe('?auth=…')
    // A sentence's question mark is not a query.
    expect(redactUrl('Is the link valid? It is.')).toBe('Is the link valid? It is.')
  })

  it('leaves out what follows /status/, in any case and every time', () => {
    const [first, second] = [token(), token()]
    expect(redactUrl(`/api/status/${first}`)).toBe('/api/status/…')
    expect(redactUrl(`/chevy/enrollment/STATUS/${first}/invoice`)).toBe(
      '/chevy/enrollment/STATUS/…/invoice',
    )
    expect(redactUrl(`/status/${first}/status/${second}`)).toBe('/status/…/status/…')
    // A token pasted with something more is still a token.
    expect(redactUrl(`/api/status/${first}.`)).toBe('/api/status/…')
  })

  it("leaves out anything of a capability token's shape and any UUID, wherever it stands", () => {
    const secret = token()
    expect(redactUrl(`/chevy/enrollment/${secret}`)).toBe('/chevy/enrollment/…')
    expect(redactUrl(`a link: https://x.example/d/${secret} (sent)`)).toBe(
      'a link: https://x.example/d/… (sent)',
    )
    const guid = randomUUID()
    expect(redactUrl(`/api/enrollments/${guid}`)).toBe('/api/enrollments/…')
    expect(redactUrl(`/api/enrollments/${guid.toUpperCase()}/x/${randomUUID()}`)).toBe(
      '/api/enrollments/…/x/…',
    )
    expect(redactUrl(`Enrollment ${guid} not found`)).toBe('Enrollment … not found')
  })

  it('keeps what identifies a request: route patterns, words, SQL with its parameters', () => {
    for (const text of [
      '/api/status/:token',
      '/api/status/:token/invoice/pdf',
      '/api/status/lost-links',
      '/api/enrollments/:guid',
      '/api/enrollments/autocomplete/bac',
      'unmatched',
      'request',
      'handler - draftRoutes',
      'select * from "enrollments" where "guid" = $1',
      `the hash ${'ab'.repeat(16)}`,
    ]) {
      expect(redactUrl(text)).toBe(text)
    }
    const once = redactUrl(`/api/status/${token()}?draft=${token()}`)
    expect(redactUrl(once)).toBe(once)
  })

  it("redacts every text of a span's attributes, url.query as a query", () => {
    const [secret, guid] = [token(), randomUUID()]
    const code = randomBytes(8).toString('hex')
    expect(
      redactAttributes({
        'url.path': `/api/status/${secret}`,
        'url.full': `http://localhost/chevy/enrollment/lma?auth=${guid}`,
        'url.query': `code=${code}&state=x`,
        'http.target': `/oidc?code=${code}`,
        'http.route': '/api/status/:token',
        'http.response.status_code': 404,
        'exception.message': `No enrollment ${guid}`,
        list: [`/api/enrollments/${guid}`, 1, null],
        map: { deeper: { url: `/api/status/${secret}` } },
        ok: true,
      }),
    ).toEqual({
      'url.path': '/api/status/…',
      'url.full': 'http://localhost/chevy/enrollment/lma?auth=…',
      'url.query': 'code=…&state=…',
      'http.target': '/oidc?code=…',
      'http.route': '/api/status/:token',
      'http.response.status_code': 404,
      'exception.message': 'No enrollment …',
      list: ['/api/enrollments/…', 1, null],
      map: { deeper: { url: '/api/status/…' } },
      ok: true,
    })
  })
})
