import {
  pastDeadline,
  transactionDisplayId,
  type ChecklistStepDto,
  type TransactionDetailDto,
  type TransactionDto,
  type TransactionEventDto,
  type TransactionRole,
} from '@shared/api/transactions'
import type { LivePlatform } from '@shared/api/listings'
import { centsToDollars } from '../listings/listing.mapper'
import type { ChecklistRow, Deal, Party, TimelineRow } from './deal'
import { actionsFor } from './state-machine'

const party = (user: Party) => ({ id: user.id, username: user.username, avatar: user.avatar })
const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** Buyer, seller and listing must be loaded. */
export function toTransactionDto(deal: Deal, viewerRole: TransactionRole, now = Date.now()): TransactionDto {
  const { listing } = deal
  return {
    id: deal.id,
    displayId: transactionDisplayId(deal.id),
    status: deal.status,
    buyerId: deal.buyer.id,
    sellerId: deal.seller.id,
    buyer: party(deal.buyer),
    seller: party(deal.seller),
    listing: {
      id: listing.id,
      platform: listing.platform as LivePlatform,
      accountTitle: listing.accountTitle,
      username: listing.username,
      images: [...listing.images],
    },
    conversationId: deal.conversation?.id ?? null,
    price: centsToDollars(deal.priceCents),
    escrowFee: centsToDollars(deal.escrowFeeCents),
    processorFee: centsToDollars(deal.processorFeeCents),
    total: centsToDollars(deal.priceCents + deal.escrowFeeCents + deal.processorFeeCents),
    paymentMethod: deal.paymentMethod,
    refundedTo: deal.refundedTo,
    viewerRole,
    // a deadline the sweep has not acted on yet closes its action already: the step would be refused
    actions: actionsFor(deal.status, viewerRole).filter((action) => !pastDeadline(action, deal, now)),
    reservedUntil: deal.status === 'pending' ? iso(deal.reservedUntil) : null,
    countdownDays: deal.countdownDays,
    countdownEndsAt: iso(deal.countdownEndsAt),
    disputeReason: deal.disputeReason,
    createdAt: deal.createdAt.toISOString(),
    updatedAt: deal.updatedAt.toISOString(),
  }
}

export function toEventDto(event: TimelineRow): TransactionEventDto {
  return { id: event.id, status: event.status, actorRole: event.actorRole, note: event.note, createdAt: event.createdAt.toISOString() }
}

export function toChecklistDto(item: ChecklistRow): ChecklistStepDto {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    sellerDoneAt: iso(item.sellerDoneAt),
    buyerConfirmedAt: iso(item.buyerConfirmedAt),
  }
}

export function toDetailDto(deal: Deal, role: TransactionRole, events: TimelineRow[], checklist: ChecklistRow[]): TransactionDetailDto {
  return { ...toTransactionDto(deal, role), timeline: events.map(toEventDto), checklist: checklist.map(toChecklistDto) }
}
