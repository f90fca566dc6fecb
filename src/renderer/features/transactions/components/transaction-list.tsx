import { Link } from 'react-router-dom'
import { ChevronRight } from 'lucide-react'
import type { TransactionDto } from '@shared/api/transactions'
import { transactionDisplayId } from '@shared/format'
import { paths } from '@/config/paths'
import { counterpart, ROLE_LABELS, shortDate, viewerAmount } from '../lib/labels'
import { StatusBadge } from './status-badge'

function TransactionRow({ deal }: { deal: TransactionDto }) {
  const money = viewerAmount(deal)
  return (
    <li>
      <Link
        to={paths.transaction(deal.id)}
        data-testid="transaction-row"
        className="group grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 bg-card px-4 py-4 transition-colors outline-none hover:bg-muted/60 focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:grid-cols-[7rem_1fr_auto_auto] sm:px-5"
      >
        <div className="col-span-2 flex items-center gap-2 sm:col-span-1 sm:block">
          <p className="font-mono text-sm font-semibold text-navy-900 dark:text-navy-100">{transactionDisplayId(deal.id)}</p>
          <p className="text-xs text-muted-foreground">{shortDate(deal.createdAt)}</p>
        </div>
        <div className="min-w-0">
          <p className="line-clamp-2 font-semibold break-words sm:line-clamp-1">{deal.listing.accountTitle}</p>
          <p className="truncate text-sm text-muted-foreground">
            <span className="font-medium text-navy-700 dark:text-navy-200">{ROLE_LABELS[deal.viewerRole]}</span> {counterpart(deal)}
          </p>
        </div>
        <div className="text-right sm:order-none">
          <p className="text-xs text-muted-foreground">{money.label}</p>
          <p className="font-bold tabular-nums">{money.amount}</p>
        </div>
        <div className="col-span-2 flex items-center justify-between gap-2 sm:col-span-1 sm:justify-end">
          <StatusBadge status={deal.status} />
          <ChevronRight className="size-4 text-navy-300 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
        </div>
      </Link>
    </li>
  )
}

/** The viewer's deals, newest first, each a link to its page. */
export function TransactionList({ items, label = 'Transactions' }: { items: readonly TransactionDto[]; label?: string }) {
  return (
    <ul className="grid gap-px overflow-hidden rounded-2xl border bg-border shadow-sm shadow-navy-900/5" aria-label={label}>
      {items.map((deal) => (
        <TransactionRow key={deal.id} deal={deal} />
      ))}
    </ul>
  )
}
