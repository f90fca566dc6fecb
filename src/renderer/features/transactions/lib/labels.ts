import { TRANSACTION_STATUS_LABELS, type TransactionDto, type TransactionRole } from '@shared/api/transactions'
import { formatMoney } from '@shared/format'
import type { StatusFilter } from './url-state'
import { formatDate } from '@shared/format'

export const ROLE_LABELS: Record<TransactionRole, string> = { buyer: 'Buying', seller: 'Selling', admin: 'Admin' }

export const statusFilterLabel = (status: StatusFilter) => (status === 'active' ? 'Active (in progress)' : TRANSACTION_STATUS_LABELS[status])

/** The other side of the deal, as the viewer sees it. */
export function counterpart(deal: Pick<TransactionDto, 'viewerRole' | 'buyer' | 'seller'>): string {
  if (deal.viewerRole === 'buyer') return `from ${deal.seller.username}`
  if (deal.viewerRole === 'seller') return `to ${deal.buyer.username}`
  return `${deal.seller.username} → ${deal.buyer.username}`
}

/**
 * What the deal means in money for the viewer, by where it stands: a buyer pays the total and a seller receives the
 * price while it runs; a completed deal was paid and received; a refunded one gave the buyer back what escrow held (the
 * price and the escrow fee); a cancelled one (only an unpaid reservation is cancelled) was not paid and not sold.
 */
export function viewerAmount(deal: Pick<TransactionDto, 'viewerRole' | 'status' | 'total' | 'price' | 'escrowFee'>): {
  label: string
  amount: string
} {
  const held = formatMoney(Math.round((deal.price + deal.escrowFee) * 100) / 100)
  if (deal.viewerRole === 'seller') {
    if (deal.status === 'completed') return { label: 'You received', amount: formatMoney(deal.price) }
    if (deal.status === 'refunded') return { label: 'Refunded to the buyer', amount: held }
    if (deal.status === 'cancelled') return { label: 'Not sold', amount: formatMoney(deal.price) }
    return { label: 'You receive', amount: formatMoney(deal.price) }
  }
  if (deal.viewerRole === 'buyer') {
    if (deal.status === 'completed') return { label: 'You paid', amount: formatMoney(deal.total) }
    if (deal.status === 'refunded') return { label: 'Refunded to you', amount: held }
    if (deal.status === 'cancelled') return { label: 'Not paid', amount: formatMoney(deal.total) }
    return { label: 'You pay', amount: formatMoney(deal.total) }
  }
  return { label: 'Total', amount: formatMoney(deal.total) }
}

export function shortDate(iso: string): string {
  return formatDate(iso, 'short')
}
