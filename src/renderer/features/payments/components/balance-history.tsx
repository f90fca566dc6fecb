import { Link } from 'react-router-dom'
import type { BalanceEntryDto } from '@shared/api/payments'
import { transactionDisplayId } from '@shared/format'
import { paths } from '@/config/paths'
import { formatDateTime } from '@/lib/dates'
import { cn } from '@/lib/utils'
import { entryKindLabel, signedAmount } from '../lib/amounts'

/** The wallet's ledger lines: what moved, why, when, and the deal it belongs to. */
export function BalanceHistory({ items }: { items: readonly BalanceEntryDto[] }) {
  return (
    <ul className="grid gap-px overflow-hidden rounded-2xl border bg-border" aria-label="Balance history" data-testid="balance-history">
      {items.map((entry) => (
        <li key={entry.id} className="flex items-start justify-between gap-4 bg-card px-4 py-3 sm:px-5">
          <div className="min-w-0">
            <p className="font-medium">{entryKindLabel(entry.kind)}</p>
            <p className="text-sm break-words text-muted-foreground">{entry.memo}</p>
            <p className="mt-0.5 text-xs text-muted-foreground">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              {entry.transactionId !== null && (
                <>
                  {' · '}
                  <Link
                    to={paths.transaction(entry.transactionId)}
                    className="font-medium text-mint-700 dark:text-mint-400 underline-offset-4 hover:underline"
                  >
                    {transactionDisplayId(entry.transactionId)}
                  </Link>
                </>
              )}
            </p>
          </div>
          <p
            className={cn(
              'shrink-0 font-bold tabular-nums',
              entry.amount < 0 ? 'text-navy-900 dark:text-navy-100' : 'text-mint-700 dark:text-mint-400',
            )}
          >
            {signedAmount(entry.amount)}
          </p>
        </li>
      ))}
    </ul>
  )
}
