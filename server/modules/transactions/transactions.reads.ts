import type { FilterQuery } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { ACTIVE_TRANSACTION_STATUSES, type TransactionDetailDto, type TransactionListQuery, type TransactionRole } from '@shared/api/transactions'
import { ChecklistItem, EscrowTransaction, EscrowTransactionEvent } from './transactions.entities'
import { toDetailDto } from './transactions.mapper'
import type { Deal } from './deal'

/** Who is asking, read from the database on each request. */
export interface EscrowViewer {
  userId: number
  isAdmin: boolean
}

/** A viewer who takes a step: their name and picture go on the deal, its timeline and its chat. */
export interface EscrowActor extends EscrowViewer {
  username: string
  avatar: string | null
}

/** The viewer's side: a party is buyer or seller even when also an admin; other admins act as admin; anyone else has none. */
export function roleOf(deal: Pick<Deal, 'buyer' | 'seller'>, viewer: EscrowViewer): TransactionRole | null {
  if (deal.buyer.id === viewer.userId) return 'buyer'
  if (deal.seller.id === viewer.userId) return 'seller'
  return viewer.isAdmin ? 'admin' : null
}

/** The deal with its timeline and checklist; its listing, parties and conversation must be loaded. */
export async function detailOf(em: EntityManager, deal: Deal, role: TransactionRole): Promise<TransactionDetailDto> {
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

export interface DisputeEntry {
  deal: EscrowTransaction
  disputedAt: Date
  disputedBy: EscrowTransactionEvent['actorRole']
}

/**
 * Deals in dispute, the longest-waiting first, with when and by whom each dispute was opened (its timeline event).
 * A disputed deal changes only when an admin settles it, so its `updated_at` is the moment it was disputed.
 */
export async function disputeQueue(em: EntityManager, page: number, pageSize: number): Promise<{ items: DisputeEntry[]; total: number }> {
  const [deals, total] = await em.findAndCount(
    EscrowTransaction,
    { status: 'disputed' },
    {
      orderBy: { updatedAt: 'asc', id: 'asc' },
      limit: pageSize,
      offset: (page - 1) * pageSize,
      populate: ['listing', 'buyer', 'seller', 'conversation'],
    },
  )
  if (deals.length === 0) return { items: [], total }
  const opened = await em.execute<{ transaction_id: number; actor_role: EscrowTransactionEvent['actorRole']; created_at: Date | string }[]>(
    `select distinct on (transaction_id) transaction_id, actor_role, created_at from escrow_transaction_events
     where transaction_id in (?) and status = 'disputed' order by transaction_id, id desc`,
    [deals.map((deal) => deal.id)],
  )
  const byDeal = new Map(opened.map((row) => [row.transaction_id, row]))
  const items = deals.map((deal) => {
    const event = byDeal.get(deal.id)
    return { deal, disputedAt: event ? new Date(event.created_at) : deal.updatedAt, disputedBy: event?.actor_role ?? 'system' }
  })
  return { items, total }
}
