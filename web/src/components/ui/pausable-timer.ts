/** A timeout that can be paused and resumed: it runs `done` once `ms` of unpaused time passed. */
export function pausableTimer(ms: number, done: () => void) {
  let remaining = ms
  let startedAt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let over = false
  const resume = () => {
    if (over || timer !== undefined) return
    startedAt = Date.now()
    timer = setTimeout(() => {
      over = true
      done()
    }, remaining)
  }
  const pause = () => {
    if (timer === undefined) return
    clearTimeout(timer)
    timer = undefined
    remaining = Math.max(0, remaining - (Date.now() - startedAt))
  }
  const cancel = () => {
    pause()
    over = true
  }
  resume()
  return { pause, resume, cancel }
}
