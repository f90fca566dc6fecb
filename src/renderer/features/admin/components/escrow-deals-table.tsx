import { Link } from 'react-router-dom'
import type { AdminDealDto } from '@shared/api/admin-payments'
import { TRANSACTION_STATUS_LABELS, type TransactionStatus } from '@shared/api/transactions'
import { PLATFORM_NAMES } from '@shared/seo'
import { paths } from '@/config/paths'
import { AdminTable, type AdminColumn } from './admin-table'
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

const PAID_WITH: Record<NonNullable<AdminDealDto['paymentMethod']>, string> = { balance: 'Paid from balance', card: 'Paid by card', crypto: 'Paid in crypto' }

const COLUMNS: AdminColumn[] = [
  { label: 'Transaction' },
  { label: 'Listing' },
  { label: 'Seller → Buyer' },
  { label: 'Total', className: 'text-right' },
  { label: 'Status' },
  { label: 'Opened' },
]

/** Escrow deals, newest first, by their ACC id; those the sweep missed in amber with the reason. */
export function EscrowDealsTable({ deals, now }: { deals: AdminDealDto[]; now: Date }) {
  return (
    <AdminTable columns={COLUMNS} className="min-w-[56rem]" caption="Escrow transactions">
      {deals.map((deal) => (
        <tr key={deal.id} data-testid="deal-row" data-stuck={deal.stuck ? deal.stuck.reason : undefined} className={rowTone(deal.stuck)}>
          <td className="px-4 py-3">
            <Link to={paths.transaction(deal.id)} className="font-mono text-xs font-semibold text-mint-700 dark:text-mint-400 underline-offset-4 hover:underline">
              {deal.displayId}
            </Link>
            <span className="block text-xs text-muted-foreground">{deal.paymentMethod ? PAID_WITH[deal.paymentMethod] : 'Not paid'}</span>
          </td>
          <td className="max-w-64 px-4 py-3">
            <span className="line-clamp-2 font-medium break-words">{deal.listing.title}</span>
            <span className="block text-xs text-muted-foreground">{PLATFORM_NAMES[deal.listing.platform]}</span>
          </td>
          <td className="px-4 py-3 whitespace-nowrap">
            {deal.seller.username} → {deal.buyer.username}
          </td>
          <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
            <span className="font-semibold">{dollars(deal.total)}</span>
            <span className="block text-xs text-muted-foreground">price {dollars(deal.price)}</span>
          </td>
          <td className="px-4 py-3">
            <StatusPill status={deal.status} label={TRANSACTION_STATUS_LABELS[deal.status]} tone={DEAL_TONES[deal.status]} />
            {deal.stuck && <StuckNote stuck={deal.stuck} />}
          </td>
          <td className="px-4 py-3 text-muted-foreground">
            <Age iso={deal.createdAt} now={now} />
          </td>
        </tr>
      ))}
    </AdminTable>
  )
}
