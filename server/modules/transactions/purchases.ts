import type { EntityManager } from '@mikro-orm/postgresql'
import { TRANSACTION_MESSAGES, type QuoteDto, type TransactionDetailDto } from '@shared/api/transactions'
import type { LivePlatform } from '@shared/api/listings'
import { escrowFee, quote } from '@shared/fees'
import { badRequest, conflict, notFound } from '../../http/errors'
import type { Answer } from '../../http/idempotency'
import { accounts } from '../ledger/ledger.service'
import { Listing } from '../listings/listing.entity'
import { stepEffects } from './transactions.effects'
import type { EscrowActor, EscrowViewer } from './transactions.reads'
import { dealChat } from './deal-chat'
import type { Deal, NewDeal } from './deal'
import { createDeal, lockListing } from './transactions.store'

import type { DealWriter, TransactionDeps, StepPart } from './deal-writer'
import { paidFromBalance, type DealSteps } from './deal-steps'

/** What a buyer asks to buy: the listing, and the total they were shown (price plus escrow fee), when they say. */
export interface PurchaseOrder {
  listingId: number
  quotedTotalCents?: number
}

/** Buying a listing: the quote, the reservation, and Buy Now paid from the balance at once. */
export class Purchases {
  constructor(
    private readonly writer: DealWriter,
    private readonly steps: DealSteps,
    private readonly deps: TransactionDeps,
  ) {}

  /** POST /api/transactions: reserves the listing for the buyer and opens the deal's conversation. */
  async purchase(tx: EntityManager, viewer: EscrowActor, order: PurchaseOrder): Promise<Answer<TransactionDetailDto>> {
    const { deal, part } = await this.reserve(tx, viewer, order)
    return this.writer.finish(tx, deal, 'buyer', 201, [part], { listingStatus: 'reserved' }, deal.createdAt)
  }

  /**
   * POST /api/transactions with `pay: 'balance'`: the purchase and its payment from the balance in the caller's one
   * transaction, so the buyer never holds a reservation they could not pay for. The deal is written once, as paid,
   * with both steps' timeline lines, chat lines and notifications, and both steps' live events go out in their order;
   * the answer is the paid deal (201, as a new deal). The payment takes the deal as the purchase left it, already
   * locked by this transaction, without reading it again.
   */
  async purchaseFromBalance(tx: EntityManager, viewer: EscrowActor, order: PurchaseOrder): Promise<Answer<TransactionDetailDto>> {
    const now = new Date()
    // the row is first written as the payment leaves it, so the payment's step does not write it again
    const reserved = await this.reserve(tx, viewer, order, now, (pending) => ({ ...pending, ...paidFromBalance(now) }), true)
    const paid = await this.steps.step(tx, viewer, reserved.deal, 'pay', {}, now)
    return this.writer.finish(tx, reserved.deal, paid.role, 201, [reserved.part, paid.part], { ...paid.write, listingStatus: 'reserved' }, now)
  }

  /**
   * The purchase's deal: its row created (pending, or as `written` makes it), the conversation opened and the listing
   * locked, and the step's part for the caller to write, with the listing reserved. The deal answered is pending.
   */
  private async reserve(
    tx: EntityManager,
    viewer: EscrowActor,
    order: PurchaseOrder,
    now = new Date(),
    written: (pending: NewDeal) => NewDeal = (pending) => pending,
    paidAtOnce = false,
  ): Promise<{ deal: Deal; part: StepPart }> {
    const forSale = await lockListing(tx, order.listingId, accounts.wallet(viewer.userId).code)
    if (!forSale || forSale.listing.status !== 'active') throw conflict(TRANSACTION_MESSAGES.listingUnavailable, 'listing_unavailable')
    const { listing, seller } = forSale
    if (seller.id === viewer.userId) throw badRequest(TRANSACTION_MESSAGES.ownListing, 'own_listing')
    if (seller.banned) throw conflict(TRANSACTION_MESSAGES.listingUnavailable, 'listing_unavailable')
    const buyer = { id: viewer.userId, username: viewer.username, avatar: viewer.avatar }
    const settings = this.deps.settings.fromRows(forSale.settings)
    const fields: NewDeal = {
      listing,
      buyer,
      seller: { id: seller.id, username: seller.username, avatar: seller.avatar },
      status: 'pending',
      priceCents: listing.priceCents,
      escrowFeeCents: escrowFee(listing.priceCents, settings),
      processorFeeCents: 0,
      paymentMethod: null,
      countdownDays: settings.countdownDays[listing.platform as LivePlatform],
      reservedUntil: new Date(now.getTime() + settings.reservationMinutes * 60_000),
      countdownEndsAt: null,
      disputeReason: null,
      refundedTo: null,
      createdAt: now,
      updatedAt: now,
      paidAt: null,
      closedAt: null,
    }
    if (order.quotedTotalCents !== undefined && order.quotedTotalCents !== fields.priceCents + fields.escrowFeeCents) {
      throw conflict(TRANSACTION_MESSAGES.quoteChanged, 'quote_changed')
    }
    const { deal, escrowAccount } = await createDeal(tx, fields, written(fields))
    // the accounts Buy Now's payment moves money between, known without asking for them again
    if (forSale.buyerWallet) this.deps.ledger.remember(tx, accounts.wallet(buyer.id), forSale.buyerWallet, { locked: true })
    if (escrowAccount) this.deps.ledger.remember(tx, accounts.escrow(deal.id), escrowAccount)
    // the buyer and seller talked about the listing before: the deal joins that conversation
    deal.conversation ??= {
      id: (
        await this.deps.conversations.openConversation(tx, {
          buyerId: buyer.id,
          sellerId: seller.id,
          listingId: order.listingId,
          transactionId: deal.id,
        })
      ).conversation.id,
    }
    listing.status = 'reserved'
    const part: StepPart = {
      effects: [stepEffects(deal, 'pending', false, 'buyer', paidAtOnce)],
      event: { status: 'pending', actorId: buyer.id, role: 'buyer', note: dealChat.startedTimeline(buyer.username) },
      chat: { senderId: buyer.id, senderUsername: buyer.username, content: dealChat.started(buyer.username) },
    }
    return { deal, part }
  }

  /** GET /api/transactions/quote: what buying the listing costs, for each way to pay. */
  async quote(em: EntityManager, viewer: EscrowViewer, listingId: number): Promise<QuoteDto> {
    const listing = await em.findOne(Listing, { id: listingId })
    if (!listing || listing.status !== 'active') throw notFound(TRANSACTION_MESSAGES.listingUnavailable)
    const settings = await this.deps.settings.get(em)
    const balance = await this.deps.ledger.walletBalance(em, viewer.userId)
    const methods = (['balance', 'card', 'crypto'] as const).map((method) => {
      const q = quote(listing.priceCents, method, settings)
      return { method, processorFee: q.processorFee / 100, total: q.total / 100, available: method !== 'balance' || balance >= q.total }
    })
    return {
      listingId,
      price: listing.priceCents / 100,
      escrowFee: escrowFee(listing.priceCents, settings) / 100,
      methods,
      balance: balance / 100,
      countdownDays: settings.countdownDays[listing.platform as LivePlatform],
      reservationMinutes: settings.reservationMinutes,
    }
  }
}
