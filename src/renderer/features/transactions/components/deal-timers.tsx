import { useEffect, useRef } from 'react'
import { Hourglass, Timer } from 'lucide-react'
import type { TransactionDetailDto } from '@shared/api/transactions'
import { useClock } from '../hooks/use-clock'
import { formatDateTime } from '@/lib/dates'
import { describeDuration, formatClock, msUntil } from '../lib/timers'

interface TimerProps {
  label: string
  until: string
  /** what happens when it runs out */
  outcome: string
  icon: typeof Timer
  testId: string
  onElapsed: () => void
  /** one line, where the deal shares the screen (its chat) */
  compact?: boolean
}

/**
 * A live clock to a deadline. The digits tick every second for the eye; screen readers get the time left in
 * words beside the label, which changes minute by minute and is not a live region, so nothing is read out
 * every second.
 */
function DeadlineTimer({ label, until, outcome, icon: Icon, testId, onElapsed, compact = false }: TimerProps) {
  const now = useClock(true)
  const left = msUntil(until, now) ?? 0
  const elapsed = left === 0
  const reported = useRef(false)
  useEffect(() => {
    // the server sweeps lapsed deadlines; ask it for the deal's new state once ours reaches zero
    if (elapsed && !reported.current) {
      reported.current = true
      onElapsed()
    }
  }, [elapsed, onElapsed])
  const spoken = <span className="sr-only">: {elapsed ? 'time is up' : `${describeDuration(left)} left`}</span>
  if (compact) {
    return (
      <p data-testid={testId} className="flex flex-wrap items-center gap-x-1.5 text-sm text-sky-900 dark:text-sky-100">
        <Icon className="size-4 shrink-0 text-sky-700 dark:text-sky-400" aria-hidden="true" />
        <span>
          {label}
          {spoken}
        </span>
        <span className="font-mono font-semibold tabular-nums" aria-hidden="true">
          {elapsed ? '00:00' : formatClock(left)}
        </span>
      </p>
    )
  }
  return (
    <div
      data-testid={testId}
      className="flex items-start gap-3 rounded-xl border border-sky-200 dark:border-sky-800 bg-sky-50 dark:bg-sky-950/40 p-3 text-sky-950 dark:text-sky-100 sm:p-4"
    >
      <Icon className="mt-0.5 size-5 shrink-0 text-sky-700 dark:text-sky-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">
          {label}
          {spoken}
        </p>
        <p className="font-mono text-2xl font-bold tabular-nums" aria-hidden="true">
          {elapsed ? '00:00' : formatClock(left)}
        </p>
        <p className="text-xs text-sky-900/80 dark:text-sky-200/80">{elapsed ? 'Updating…' : `${outcome} ${formatDateTime(until)}.`}</p>
      </div>
    </div>
  )
}

/** The reservation while unpaid, the transfer countdown while it runs. */
export function DealTimers({ deal, onElapsed, compact = false }: { deal: TransactionDetailDto; onElapsed: () => void; compact?: boolean }) {
  if (deal.status === 'pending' && deal.reservedUntil) {
    const outcome = deal.viewerRole === 'buyer' ? 'Pay before it runs out: the reservation ends at' : 'Unless paid, the reservation ends at'
    const label = deal.viewerRole === 'buyer' ? 'Reserved for you' : 'Reserved for the buyer'
    return (
      <DeadlineTimer
        testId="reservation-timer"
        label={label}
        until={deal.reservedUntil}
        outcome={outcome}
        icon={Hourglass}
        onElapsed={onElapsed}
        compact={compact}
      />
    )
  }
  if (deal.status === 'countdown_started' && deal.countdownEndsAt) {
    return (
      <DeadlineTimer
        testId="countdown-timer"
        label={`Transfer countdown (${deal.countdownDays} day${deal.countdownDays === 1 ? '' : 's'})`}
        until={deal.countdownEndsAt}
        outcome="Without a dispute, the money is released to the seller at"
        icon={Timer}
        onElapsed={onElapsed}
        compact={compact}
      />
    )
  }
  return null
}
