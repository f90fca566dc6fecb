import { useCallback, useEffect, useState } from 'react'

/** Whole seconds left of a cooldown; `start(ms)` begins one. Ticks once a second while running. */
export function useCountdown() {
  const [secondsLeft, setSecondsLeft] = useState(0)

  useEffect(() => {
    if (secondsLeft <= 0) return
    const timer = setTimeout(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1_000)
    return () => clearTimeout(timer)
  }, [secondsLeft])

  const start = useCallback((durationMs: number) => setSecondsLeft(Math.ceil(durationMs / 1_000)), [])
  const reset = useCallback(() => setSecondsLeft(0), [])

  return { secondsLeft, running: secondsLeft > 0, start, reset }
}
