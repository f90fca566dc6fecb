import type { EntityManager } from '@mikro-orm/postgresql'
import { pastDeadline, TRANSACTION_MESSAGES, type TransactionDetailDto, type TransactionListQuery } from '@shared/api/transactions'
import type { AdminDisputeDto } from '@shared/api/admin-dashboard'
import { conflict, notFound } from '../../http/errors'
import { EscrowTransaction } from './transactions.entities'
import { toTransactionDto } from './transactions.mapper'
import { heldCents } from './transactions.money'
import { detailOf, disputeQueue, listDeals, roleOf, type EscrowViewer } from './transactions.reads'

/** Reading deals: a page of them, the dispute queue, one deal, and what a pending one costs its buyer. */
export class DealQueries {
  async list(em: EntityManager, viewer: EscrowViewer, query: TransactionListQuery, everyone = false) {
    const { items, total } = await listDeals(em, { userId: everyone ? null : viewer.userId, query })
    return { items: items.map((deal) => toTransactionDto(deal, roleOf(deal, viewer) ?? 'admin')), total }
  }

  /** The deals waiting for an admin to settle them (admins only; the caller checks), the longest-waiting first. */
  async disputes(em: EntityManager, viewer: EscrowViewer, page: number, pageSize: number): Promise<{ items: AdminDisputeDto[]; total: number }> {
    const { items, total } = await disputeQueue(em, page, pageSize)
    return {
      items: items.map(({ deal, disputedAt, disputedBy }) => ({
        ...toTransactionDto(deal, roleOf(deal, viewer) ?? 'admin'),
        disputedAt: disputedAt.toISOString(),
        disputedBy,
      })),
      total,
    }
  }

  /** One deal for a party or an admin; anyone else gets the 404 of a deal that does not exist. */
  async get(em: EntityManager, viewer: EscrowViewer, id: number): Promise<TransactionDetailDto> {
    const deal = await em.findOne(EscrowTransaction, { id }, { populate: ['listing', 'buyer', 'seller', 'conversation'] })
    const role = deal ? roleOf(deal, viewer) : null
    if (!deal || !role) throw notFound(TRANSACTION_MESSAGES.notFound)
    return detailOf(em, deal, role)
  }

  /** What the buyer of a pending deal pays into escrow (price and escrow fee), for a checkout at the provider. */
  async amountDue(em: EntityManager, viewer: EscrowViewer, id: number): Promise<number> {
    const deal = await em.findOne(EscrowTransaction, { id }, { populate: ['buyer', 'seller'] })
    const role = deal ? roleOf(deal, viewer) : null
    if (!deal || role === null) throw notFound(TRANSACTION_MESSAGES.notFound)
    if (role !== 'buyer' || deal.status !== 'pending')
      throw conflict(
        role === 'buyer' ? TRANSACTION_MESSAGES.alreadyInStatus : TRANSACTION_MESSAGES.notAllowed,
        role === 'buyer' ? 'invalid_status' : 'not_allowed',
      )
    // as paying from the balance: a checkout opened after the reservation ran out would pay for a deal being cancelled
    if (pastDeadline('pay', deal, Date.now())) throw conflict(TRANSACTION_MESSAGES.reservationLapsed, 'reservation_lapsed')
    return heldCents(deal)
  }
}
