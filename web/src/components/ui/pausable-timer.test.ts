import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pausableTimer } from './pausable-timer'

describe('a pausable timer', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('does not run while paused, and runs for the time left once resumed', () => {
    const done = vi.fn()
    const timer = pausableTimer(7000, done)
    vi.advanceTimersByTime(5000)
    timer.pause()
    vi.advanceTimersByTime(60_000)
    expect(done).not.toHaveBeenCalled()
    timer.resume()
    vi.advanceTimersByTime(1999)
    expect(done).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(done).toHaveBeenCalledOnce()
  })

  it('runs once, however often it is resumed, and never after cancel', () => {
    const done = vi.fn()
    const timer = pausableTimer(100, done)
    timer.resume()
    timer.resume()
    vi.advanceTimersByTime(100)
    timer.pause()
    timer.resume()
    vi.advanceTimersByTime(1000)
    expect(done).toHaveBeenCalledOnce()
    const cancelled = vi.fn()
    pausableTimer(100, cancelled).cancel()
    vi.advanceTimersByTime(1000)
    expect(cancelled).not.toHaveBeenCalled()
  })
})
