import { focusManager, onlineManager, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { createAdminQueryClient, retryDelay, retryLoad } from './admin-query-client'

afterEach(() => {
  focusManager.setFocused(undefined)
  onlineManager.setOnline(true)
})

describe('the admin query cache', () => {
  it('loads nothing again when the window gets the focus back or the network returns', async () => {
    const client = createAdminQueryClient()
    client.mount()
    let loads = 0
    const observer = new QueryObserver(client, {
      queryKey: ['admin', 'enrollments', { year: 2026 }],
      queryFn: async () => {
        loads += 1
        return loads
      },
    })
    const unsubscribe = observer.subscribe(() => {})
    await expect.poll(() => observer.getCurrentResult().data).toBe(1)
    focusManager.setFocused(false)
    focusManager.setFocused(true)
    onlineManager.setOnline(false)
    onlineManager.setOnline(true)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(loads).toBe(1)
    unsubscribe()
    client.unmount()
  })

  it('tries a failed load again when the server could not answer, never when it refused', () => {
    expect(retryLoad(0, new TypeError('Failed to fetch'))).toBe(true)
    expect(retryLoad(0, new ApiError(503, undefined))).toBe(true)
    expect(retryLoad(1, new ApiError(500, undefined))).toBe(true)
    expect(retryLoad(2, new ApiError(500, undefined))).toBe(false)
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(retryLoad(0, new ApiError(status, undefined))).toBe(false)
    }
  })

  it('shows a failure the server keeps giving within two seconds', () => {
    expect(retryDelay(0) + retryDelay(1)).toBeLessThanOrEqual(2000)
  })
})
