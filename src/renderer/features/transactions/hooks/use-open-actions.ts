import { useEffect, useState } from 'react'
import { serverNow } from '@/lib/server-clock'
import { actionClosesAt, pastDeadline, type TransactionAction, type TransactionDto } from '@shared/api/transactions'

/** setTimeout's longest delay; a later deadline is waited for in steps */
const LONGEST_TIMER_MS = 2 ** 31 - 1

/** the actions a deadline closes, whoever views the deal */
const DEADLINE_ACTIONS: readonly TransactionAction[] = ['pay', 'dispute']

type Deal = Pick<TransactionDto, 'actions' | 'status' | 'reservedUntil' | 'countdownEndsAt'>

export interface OpenActions {
  /** the viewer's actions as the server listed them, less those a deadline has closed since */
  actions: TransactionAction[]
  /** the deal's deadline that has passed, which the server's sweep is about to act on: the reservation, or the countdown */
  lapsed: 'reservation' | 'countdown' | null
}

/**
 * The deal's actions as they stand now. Paying closes when the reservation runs out and a dispute when the countdown
 * is over; the server refuses them from that moment, before its sweep moves the deal on, so the screen stops offering
 * them then instead of a click later, and says what happens next.
 */
export function useOpenActions(deal: Deal): OpenActions {
  const [now, setNow] = useState(() => serverNow())
  const next = DEADLINE_ACTIONS.map((action) => actionClosesAt(action, deal))
    .filter((at): at is number => at !== null && at > now)
    .reduce((soonest, at) => Math.min(soonest, at), Number.POSITIVE_INFINITY)
  useEffect(() => {
    if (!Number.isFinite(next)) return
    const wait = next - serverNow()
    // a timer may fire a moment early, or the clock be set back meanwhile: the deadline it waited for counts as
    // reached, so `now` always moves and the next deadline gets its own timer
    const timer =
      wait > LONGEST_TIMER_MS
        ? window.setTimeout(() => setNow(serverNow()), LONGEST_TIMER_MS)
        : window.setTimeout(() => setNow(Math.max(serverNow(), next)), Math.max(wait, 0))
    return () => window.clearTimeout(timer)
  }, [next, now])
  const lapsed = pastDeadline('pay', deal, now) ? 'reservation' : pastDeadline('dispute', deal, now) ? 'countdown' : null
  return { actions: deal.actions.filter((action) => !pastDeadline(action, deal, now)), lapsed }
}
