import { useEffect, useState } from 'react'

/** Date.now(), renewed every `everyMs` while `running`: what a ticking countdown draws from. */
export function useClock(running: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!running) return
    setNow(Date.now())
    const timer = window.setInterval(() => setNow(Date.now()), everyMs)
    return () => window.clearInterval(timer)
  }, [running, everyMs])
  return now
}
