import type { WithdrawalDto, WithdrawalStatus } from '@shared/api/payments'
import { dollarsToCents } from '@shared/api/payments'
import { cn } from '@/lib/utils'
import { formatCentsBalance } from '../lib/amounts'

const STATUS: Record<WithdrawalStatus, { label: string; className: string }> = {
  requested: { label: 'Awaiting approval', className: 'bg-sky-50 dark:bg-sky-950/40 text-sky-800 dark:text-sky-200 ring-sky-200 dark:ring-sky-800' },
  approved: { label: 'Paid out', className: 'bg-mint-300/20 dark:bg-mint-400/10 text-mint-700 dark:text-mint-400 ring-mint-500/30' },
  rejected: { label: 'Rejected', className: 'bg-muted text-navy-600 dark:text-navy-300 ring-border' },
}

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/** The user's payout requests, newest first, with where each stands (a rejection says why). */
export function WithdrawalsList({ items }: { items: readonly WithdrawalDto[] }) {
  return (
    <ul className="grid gap-px overflow-hidden rounded-2xl border bg-border" aria-label="Withdrawals" data-testid="withdrawals">
      {items.map((w) => (
        <li key={w.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 bg-card px-4 py-3 sm:px-5">
          <div className="min-w-0">
            <p className="font-bold tabular-nums">{formatCentsBalance(dollarsToCents(w.amount) ?? 0)}</p>
            <p className="truncate text-sm text-muted-foreground">to {w.destination}</p>
            <p className="text-xs text-muted-foreground">
              Requested {day(w.createdAt)}
              {w.decidedAt && ` · decided ${day(w.decidedAt)}`}
            </p>
            {w.status === 'rejected' && w.reason && <p className="mt-1 text-sm break-words text-navy-700 dark:text-navy-200">Reason: {w.reason}</p>}
          </div>
          <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', STATUS[w.status].className)}>
            {STATUS[w.status].label}
          </span>
        </li>
      ))}
    </ul>
  )
}
