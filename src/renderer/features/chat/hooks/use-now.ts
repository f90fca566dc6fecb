import { useEffect, useState } from 'react'

/** The current time, renewed every `everyMs`, for "5 minutes ago" labels that keep up. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
