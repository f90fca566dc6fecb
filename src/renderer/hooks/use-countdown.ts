import { useCallback, useEffect, useState } from 'react'

/**
 * Whole seconds left of a cooldown; `start(ms)` begins one. Ticks once a second while running. `initialMs` starts
 * one with the component, for a cooldown the server began before it appeared.
 */
export function useCountdown(initialMs = 0) {
  const [secondsLeft, setSecondsLeft] = useState(() => Math.max(0, Math.ceil(initialMs / 1_000)))

  useEffect(() => {
    if (secondsLeft <= 0) return
    const timer = setTimeout(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1_000)
    return () => clearTimeout(timer)
  }, [secondsLeft])

  const start = useCallback((durationMs: number) => setSecondsLeft(Math.ceil(durationMs / 1_000)), [])
  const reset = useCallback(() => setSecondsLeft(0), [])

  return { secondsLeft, running: secondsLeft > 0, start, reset }
}
