import { useEffect, useState } from 'react'
import { serverNow } from '@/lib/server-clock'

/** the server's time (`serverNow`), renewed every `everyMs` while `running`: what a ticking countdown draws from. */
export function useClock(running: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => serverNow())
  useEffect(() => {
    if (!running) return
    setNow(serverNow())
    const timer = window.setInterval(() => setNow(serverNow()), everyMs)
    return () => window.clearInterval(timer)
  }, [running, everyMs])
  return now
}
