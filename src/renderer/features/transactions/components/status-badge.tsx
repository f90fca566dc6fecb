import { TRANSACTION_STATUS_LABELS, type TransactionStatus } from '@shared/api/transactions'
import { cn } from '@/lib/utils'
import { statusTone, type StatusTone } from '../lib/status'

const TONES: Record<StatusTone, string> = {
  active: 'bg-sky-50 text-sky-800 ring-sky-200',
  positive: 'bg-mint-300/20 text-mint-700 ring-mint-500/30',
  negative: 'bg-muted text-navy-600 ring-border',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
}

/** The status in words (TRANSACTION_STATUS_LABELS), coloured by what it means for the deal. */
export function StatusBadge({ status, className }: { status: TransactionStatus; className?: string }) {
  return (
    <span
      data-testid="transaction-status"
      data-status={status}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', TONES[statusTone(status)], className)}
    >
      {TRANSACTION_STATUS_LABELS[status]}
    </span>
  )
}
