import type { FilterQuery } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { ACTIVE_TRANSACTION_STATUSES, type TransactionDetailDto, type TransactionListQuery, type TransactionRole } from '@shared/api/transactions'
import { ChecklistItem, EscrowTransaction, EscrowTransactionEvent } from './escrow.entities'
import { toDetailDto } from './escrow.mapper'

/** Who is asking, read from the database on each request. */
export interface EscrowViewer {
  userId: number
  isAdmin: boolean
}

/** The viewer's side: a party is buyer or seller even when also an admin; other admins act as admin; anyone else has none. */
export function roleOf(deal: EscrowTransaction, viewer: EscrowViewer): TransactionRole | null {
  if (deal.buyer.id === viewer.userId) return 'buyer'
  if (deal.seller.id === viewer.userId) return 'seller'
  return viewer.isAdmin ? 'admin' : null
}

/** The deal with its timeline and checklist; its listing, parties and conversation must be loaded. */
export async function detailOf(em: EntityManager, deal: EscrowTransaction, role: TransactionRole): Promise<TransactionDetailDto> {
  const events = await em.find(EscrowTransactionEvent, { transaction: deal.id }, { orderBy: { id: 'asc' } })
  const checklist = await em.find(ChecklistItem, { transaction: deal.id }, { orderBy: { position: 'asc' } })
  return toDetailDto(deal, role, events, checklist)
}

export interface ListScope {
  /** the viewer's own deals; null for an admin's view of every deal */
  userId: number | null
  query: TransactionListQuery
}

/** A page of deals, newest first, with the total; the viewer's role on each is decided by the caller. */
export async function listDeals(em: EntityManager, scope: ListScope): Promise<{ items: EscrowTransaction[]; total: number }> {
  const { query, userId } = scope
  const where: FilterQuery<EscrowTransaction> = {}
  if (userId !== null) {
    if (query.role === 'buyer') where.buyer = userId
    else if (query.role === 'seller') where.seller = userId
    else where.$or = [{ buyer: userId }, { seller: userId }]
  }
  if (query.status === 'active') where.status = { $in: [...ACTIVE_TRANSACTION_STATUSES] }
  else if (query.status) where.status = query.status
  const [items, total] = await em.findAndCount(EscrowTransaction, where, {
    orderBy: { id: 'desc' },
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
    populate: ['listing', 'buyer', 'seller', 'conversation'],
  })
  return { items, total }
}
