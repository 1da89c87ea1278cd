import type { StaffRole } from '@shared/auth/staff-role'
import type { PublicConfig } from '@shared/config/public-config'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, configure, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest'
import { ConfirmProvider } from '../../../components/ui/confirm'
import { ToastProvider } from '../../../components/ui/toast'
import { ConfigProvider } from '../../config/config-context'
import { createAdminQueryClient } from '../query/admin-query-client'
import { StaffAccessProvider } from '../staff-access'

/**
 * What the Testing Library tests of the admin screens share (their files run in happy-dom, each
 * naming it in a `// @vitest-environment happy-dom` line). A screen renders inside the providers
 * the admin area wraps it in (admin-route.tsx): the query cache, toasts, confirmations, the
 * signed-in role and the public configuration, all of them the product's own. Only the network
 * is a stand-in: `fetch` answers from a table of routes, so the API client, the query cache and
 * the components run as in the browser, and a test sees what a user would.
 */

// findBy… and waitFor give up after 1 s by default, a time a busy machine can exceed (a screen's
// first render loads its modules, a lazy form's checks load on first use): they wait for what
// a user would see, for as long as a test may take.
configure({ asyncUtilTimeout: 15_000 })

export const TEST_CONFIG: PublicConfig = {
  brands: [{ key: 'chevy', name: 'Chevrolet' }],
  enrollmentYear: 2026,
  enrollmentOpen: true,
  programCalendar: {
    opens: { month: 9, day: 1 },
    deadline: { month: 1, day: 31 },
    closes: { month: 8, day: 31 },
  },
  support: { email: 'pos@example.com', phone: '800-555-0100' },
  itSupport: { name: 'IT', email: 'it@example.com', phone: '800-555-0101' },
  surveyUrl: 'https://example.com/survey',
  auth: {
    clientId: 'web',
    authority: 'https://example.com',
    scopes: ['openid'],
    redirectPath: '/oidc/callback',
    cacheLocation: 'sessionStorage',
  },
}

/** An answer of the fake server: a status and a JSON body (none for 204). */
export interface FakeAnswer {
  status: number
  body?: unknown
}

/** A request as the server received it: `POST /api/…`, and its JSON body when it had one. */
export interface FakeRequest {
  route: string
  body: unknown
}

type Handler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>

/** A 200 with this JSON body. */
export const ok = (body: unknown): FakeAnswer => ({ status: 200, body })

/** A refusal as the server words one (an RFC 9457 problem). */
export const problem = (status: number, detail: string): FakeAnswer => ({
  status,
  body: { type: 'about:blank', title: 'Refused', status, detail },
})

/**
 * The network as the tests see it: `answer('GET /api/…', handler)` sets what a route answers
 * (a later call replaces it); every request is kept in `requests`, and one to a route without an
 * answer is kept in `unanswered` and fails the test (see withFakeServer).
 */
export interface FakeServer {
  answer(route: string, handler: FakeAnswer | Handler): void
  readonly requests: FakeRequest[]
  readonly unanswered: string[]
  /** The bodies sent to a route, in order. */
  bodiesTo(route: string): unknown[]
}

function fakeServer(): FakeServer & { fetch: typeof fetch } {
  const routes = new Map<string, Handler>()
  const requests: FakeRequest[] = []
  const unanswered: string[] = []
  const fetchStandIn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const route = `${init?.method ?? 'GET'} ${url.pathname}${url.search}`
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    const request = { route, body }
    requests.push(request)
    const handler = routes.get(route)
    if (!handler) {
      unanswered.push(route)
      return new Response(null, { status: 501 })
    }
    const answer = await handler(request)
    if (init?.signal?.aborted) throw new DOMException('The request was aborted.', 'AbortError')
    return answer.body === undefined
      ? new Response(null, { status: answer.status })
      : Response.json(answer.body, { status: answer.status })
  }
  return {
    fetch: fetchStandIn as typeof fetch,
    answer: (route, handler) =>
      routes.set(route, typeof handler === 'function' ? handler : () => handler),
    requests,
    unanswered,
    bodiesTo: (route) => requests.filter((each) => each.route === route).map((each) => each.body),
  }
}

/**
 * Registers, for every test of the file: a fresh fake server in place of `fetch`; a check that
 * nothing was asked of it without an answer; and a check that nothing was written to
 * console.error or console.warn, where React says what a test would otherwise pass over ("Cannot
 * update a component while rendering a different component", an update outside act, a missing
 * key). Answers the current server.
 */
export function withFakeServer(): () => FakeServer {
  let server: ReturnType<typeof fakeServer> | undefined
  let errors: MockInstance<typeof console.error> | undefined
  let warnings: MockInstance<typeof console.warn> | undefined
  beforeEach(() => {
    server = fakeServer()
    vi.stubGlobal('fetch', server.fetch)
    errors = vi.spyOn(console, 'error')
    warnings = vi.spyOn(console, 'warn')
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    const said = [...(errors?.mock.calls ?? []), ...(warnings?.mock.calls ?? [])]
    errors?.mockRestore()
    warnings?.mockRestore()
    expect(
      said.map((args) => args.map(String).join(' ')),
      'console.error or warn',
    ).toEqual([])
    expect(server?.unanswered, 'requests without an answer').toEqual([])
  })
  return () => server ?? expect.fail('no server outside a test')
}

/** Renders a screen of the admin area as a user of this role sees it. */
export function renderAdmin(screen: ReactNode, role: StaffRole = 'administrator') {
  const client = createAdminQueryClient()
  const session = { username: 'pat', name: 'Pat Office', role, regions: [] }
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <ConfigProvider config={TEST_CONFIG}>
          <StaffAccessProvider session={session}>
            <ToastProvider>
              <ConfirmProvider>{screen}</ConfirmProvider>
            </ToastProvider>
          </StaffAccessProvider>
        </ConfigProvider>
      </QueryClientProvider>,
    ),
  }
}
