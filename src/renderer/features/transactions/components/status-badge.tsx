import { TRANSACTION_STATUS_LABELS, type TransactionStatus } from '@shared/api/transactions'
import { cn } from '@/lib/utils'
import { statusTone, type StatusTone } from '../lib/status'

const TONES: Record<StatusTone, string> = {
  active: 'bg-sky-50 dark:bg-sky-950/40 text-sky-800 dark:text-sky-200 ring-sky-200 dark:ring-sky-800',
  positive: 'bg-mint-300/20 dark:bg-mint-400/10 text-mint-700 dark:text-mint-400 ring-mint-500/30',
  negative: 'bg-muted text-navy-600 dark:text-navy-300 ring-border',
  warning: 'bg-amber-50 dark:bg-amber-950/40 text-amber-900 dark:text-amber-200 ring-amber-200 dark:ring-amber-800',
}

/** The status in words (TRANSACTION_STATUS_LABELS), coloured by what it means for the deal. */
export function StatusBadge({ status, className }: { status: TransactionStatus; className?: string }) {
  return (
    <span
      data-testid="transaction-status"
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        TONES[statusTone(status)],
        className,
      )}
    >
      {TRANSACTION_STATUS_LABELS[status]}
    </span>
  )
}
