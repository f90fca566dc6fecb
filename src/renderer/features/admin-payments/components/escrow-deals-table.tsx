import { Link } from 'react-router-dom'
import type { AdminDealDto } from '@shared/api/admin-payments'
import { TRANSACTION_STATUS_LABELS, type TransactionStatus } from '@shared/api/transactions'
import { PLATFORM_NAMES } from '@shared/seo'
import { paths } from '@/config/paths'
import { cn } from '@/lib/utils'
import { AdminTable, stackedCell, stackedRow, type AdminColumn } from '@/components/admin/admin-table'
import { Age, dollars, rowTone, StatusPill, StuckNote, type Tone } from './monitor-cells'

const DEAL_TONES: Record<TransactionStatus, Tone> = {
  pending: 'active',
  fee_paid: 'active',
  invite_sent: 'active',
  access_granted: 'active',
  countdown_started: 'active',
  completed: 'positive',
  cancelled: 'negative',
  refunded: 'negative',
  disputed: 'warning',
}

const PAID_WITH: Record<NonNullable<AdminDealDto['paymentMethod']>, string> = {
  balance: 'Paid from balance',
  card: 'Paid by card',
  crypto: 'Paid in crypto',
}

const COLUMNS: AdminColumn[] = [
  { label: 'Transaction' },
  { label: 'Listing' },
  { label: 'Seller → Buyer' },
  { label: 'Total', className: 'text-right' },
  { label: 'Status' },
  { label: 'Opened' },
]

/**
 * Escrow deals, newest first, by their ACC id; those the sweep missed in amber with the reason. Stacked like the
 * orders table, with no min width: the listing and the parties wrap (two usernames of 50 characters on one line made
 * the table wider than the admin column at every desktop width), and below lg each deal is a card.
 */
export function EscrowDealsTable({ deals, now }: { deals: AdminDealDto[]; now: Date }) {
  return (
    <AdminTable columns={COLUMNS} stacked caption="Escrow transactions">
      {deals.map((deal) => (
        <tr
          key={deal.id}
          data-testid="deal-row"
          data-stuck={deal.stuck ? deal.stuck.reason : undefined}
          className={cn(stackedRow, rowTone(deal.stuck))}
        >
          <td data-label="Transaction" className={stackedCell}>
            <Link
              to={paths.transaction(deal.id)}
              className="font-mono text-xs font-semibold text-mint-700 dark:text-mint-400 underline-offset-4 hover:underline"
            >
              {deal.displayId}
            </Link>
            <span className="block text-xs text-muted-foreground">{deal.paymentMethod ? PAID_WITH[deal.paymentMethod] : 'Not paid'}</span>
          </td>
          <td data-label="Listing" className={cn(stackedCell, 'lg:w-1/4')}>
            <span className="line-clamp-2 font-medium wrap-anywhere">{deal.listing.title}</span>
            <span className="block text-xs text-muted-foreground">{PLATFORM_NAMES[deal.listing.platform]}</span>
          </td>
          <td data-label="Seller → Buyer" className={cn(stackedCell, 'wrap-anywhere')}>
            {deal.seller.username} → {deal.buyer.username}
          </td>
          <td data-label="Total" className={cn(stackedCell, 'tabular-nums lg:text-right')}>
            <span className="font-semibold whitespace-nowrap">{dollars(deal.total)}</span>
            <span className="block text-xs whitespace-nowrap text-muted-foreground">price {dollars(deal.price)}</span>
          </td>
          <td data-label="Status" className={cn(stackedCell, 'lg:min-w-32')}>
            <StatusPill status={deal.status} label={TRANSACTION_STATUS_LABELS[deal.status]} tone={DEAL_TONES[deal.status]} />
            {deal.stuck && <StuckNote stuck={deal.stuck} />}
          </td>
          <td data-label="Opened" className={cn(stackedCell, 'text-muted-foreground')}>
            <Age iso={deal.createdAt} now={now} />
          </td>
        </tr>
      ))}
    </AdminTable>
  )
}
