import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { readDepositReturn, type DepositReturn } from '../lib/deposit-return'

/** How long /balance emphasises its Available figure after a deposit arrived: long enough to find it, then calm. */
export const DEPOSIT_EMPHASIS_MS = 4_000

/**
 * The deposit a return screen sent /balance with (history state): the notice to show, and whether the Available
 * figure is emphasised now. The emphasis starts once the balance has been read since the page opened (`ready`), so it
 * lands on the new figure rather than on one cached from before the deposit.
 */
export function useDepositReturn(ready: boolean) {
  const location = useLocation()
  const navigate = useNavigate()
  const [notice, setNotice] = useState<DepositReturn | null>(null)
  const [emphasisOver, setEmphasisOver] = useState(false)

  useEffect(() => {
    const arrived = readDepositReturn(location.state)
    if (!arrived) return
    // set after the first paint, so the live region is there before its words and a screen reader says them
    setNotice(arrived)
    setEmphasisOver(false)
    // said once: a reload or coming Back later must not announce the deposit again
    navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null })
  }, [location, navigate])

  const emphasised = notice?.outcome === 'paid' && ready && !emphasisOver
  useEffect(() => {
    if (!emphasised) return
    const timer = window.setTimeout(() => setEmphasisOver(true), DEPOSIT_EMPHASIS_MS)
    return () => window.clearTimeout(timer)
  }, [emphasised])

  return { notice, emphasised, dismiss: () => setNotice(null) }
}
