import { useEffect, useState } from 'react'

const TRICKLE_MS = 200

/** A bar across the top of the page while work is under way: trickles towards the end, then completes. */
export function ProgressBar({ active, label = 'Loading' }: { active: boolean; label?: string }) {
  const [progress, setProgress] = useState(0)
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    if (active) {
      setVisible(true)
      setProgress(0.08)
      const timer = setInterval(
        () => setProgress((value) => value + (0.95 - value) * 0.08),
        TRICKLE_MS,
      )
      return () => clearInterval(timer)
    }
    setProgress(1)
    const timer = setTimeout(() => {
      setVisible(false)
      setProgress(0)
    }, 300)
    return () => clearTimeout(timer)
  }, [active])

  if (!visible) return null
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
    >
      <div className="progress__bar" style={{ transform: `scaleX(${progress})` }} />
      {active && <span className="progress__spinner" aria-hidden="true" />}
    </div>
  )
}
