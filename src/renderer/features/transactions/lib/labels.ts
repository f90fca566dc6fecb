import { TRANSACTION_STATUS_LABELS, type TransactionDto, type TransactionRole } from '@shared/api/transactions'
import { formatMoney } from '@shared/format'
import type { StatusFilter } from './url-state'

export const ROLE_LABELS: Record<TransactionRole, string> = { buyer: 'Buying', seller: 'Selling', admin: 'Admin' }

export const statusFilterLabel = (status: StatusFilter) => (status === 'active' ? 'Active (in progress)' : TRANSACTION_STATUS_LABELS[status])

/** The other side of the deal, as the viewer sees it. */
export function counterpart(deal: Pick<TransactionDto, 'viewerRole' | 'buyer' | 'seller'>): string {
  if (deal.viewerRole === 'buyer') return `from ${deal.seller.username}`
  if (deal.viewerRole === 'seller') return `to ${deal.buyer.username}`
  return `${deal.seller.username} → ${deal.buyer.username}`
}

/** What the deal means in money for the viewer: a buyer pays the total, a seller receives the price. */
export function viewerAmount(deal: Pick<TransactionDto, 'viewerRole' | 'total' | 'price'>): { label: string; amount: string } {
  if (deal.viewerRole === 'seller') return { label: 'You receive', amount: formatMoney(deal.price) }
  if (deal.viewerRole === 'buyer') return { label: 'You pay', amount: formatMoney(deal.total) }
  return { label: 'Total', amount: formatMoney(deal.total) }
}

export function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
}
