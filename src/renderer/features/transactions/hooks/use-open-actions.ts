import { useEffect, useState } from 'react'
import { actionClosesAt, pastDeadline, type TransactionAction, type TransactionDto } from '@shared/api/transactions'

/** setTimeout's longest delay; a later deadline is waited for in steps */
const LONGEST_TIMER_MS = 2 ** 31 - 1

/**
 * The viewer's actions on the deal as the server listed them, less those whose deadline has passed since: paying
 * once the reservation has run out, a dispute once the countdown is over. The server refuses them from that moment,
 * before its sweep moves the deal on, so the screen stops offering them then instead of a click later.
 */
export function useOpenActions(deal: Pick<TransactionDto, 'actions' | 'status' | 'reservedUntil' | 'countdownEndsAt'>): TransactionAction[] {
  const [now, setNow] = useState(() => Date.now())
  const next = deal.actions
    .map((action) => actionClosesAt(action, deal))
    .filter((at): at is number => at !== null && at > now)
    .reduce((soonest, at) => Math.min(soonest, at), Number.POSITIVE_INFINITY)
  useEffect(() => {
    if (!Number.isFinite(next)) return
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(Math.max(next - Date.now(), 0), LONGEST_TIMER_MS))
    return () => window.clearTimeout(timer)
  }, [next, now])
  return deal.actions.filter((action) => !pastDeadline(action, deal, now))
}
