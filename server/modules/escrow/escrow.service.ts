import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import {
  TRANSACTION_MESSAGES,
  type QuoteDto,
  type TransactionAction,
  type TransactionDetailDto,
  type TransactionListQuery,
  type TransactionRole,
  type TransactionStatus,
} from '@shared/api/transactions'
import type { LivePlatform } from '@shared/api/listings'
import { escrowFee, quote, type PaymentMethod } from '@shared/fees'
import type { AuditAction } from '@shared/api/audit'
import type { AdminDisputeDto } from '@shared/api/admin-dashboard'
import { badRequest, conflict, notFound } from '../../http/errors'
import type { Answer } from '../../http/idempotency'
import type { Logger } from '../../logger'
import type { EventBus } from '../../realtime/bus'
import { recordAudit } from '../audit/audit.service'
import type { ConversationsService } from '../conversations/conversations.service'
import type { LedgerService } from '../ledger/ledger.service'
import { Listing } from '../listings/listing.entity'
import type { NotificationService } from '../notifications/notifications.service'
import type { SettingsService } from '../settings/settings.service'
import { User } from '../users/user.entity'
import { copyChecklist } from './checklist'
import { stepEffects, type StepEffects } from './escrow.effects'
import { ChecklistItem, EscrowTransaction, EscrowTransactionEvent } from './escrow.entities'
import { toTransactionDto } from './escrow.mapper'
import { EscrowMoney, heldCents } from './escrow.money'
import { detailOf, disputeQueue, listDeals, roleOf, type EscrowViewer } from './escrow.reads'
import { announce, type Announcement } from './escrow.announce'
import { allowed, MOVES } from './state-machine'

export type { EscrowViewer } from './escrow.reads'

export interface EscrowDeps {
  ledger: LedgerService
  settings: SettingsService
  notifications: NotificationService
  conversations: ConversationsService
  bus: EventBus
  logger: Logger
}

/** What a person may say with a step: a dispute's reason, an admin's note. */
export interface StepInput {
  reason?: string
  note?: string
}

const DAY_MS = 24 * 60 * 60 * 1000
/** checklist steps are ticked while the money is held and no dispute is open */
const CHECKLIST_OPEN: readonly TransactionStatus[] = ['fee_paid', 'invite_sent', 'access_granted', 'countdown_started']

/**
 * Escrow deals. Every step runs in the caller's database transaction (so an Idempotency-Key commits with
 * it), holds the deal's row lock, checks the state machine, moves money through the ledger, writes the
 * timeline and a line in the deal's chat, and returns what to announce once committed.
 */
export class EscrowService {
  private readonly money: EscrowMoney

  constructor(private readonly deps: EscrowDeps) {
    this.money = new EscrowMoney(deps.ledger)
  }

  /** POST /api/transactions: reserves the listing for the buyer and opens the deal's conversation. */
  async purchase(tx: EntityManager, viewer: EscrowViewer, listingId: number): Promise<Answer<TransactionDetailDto>> {
    const listing = await tx.findOne(Listing, { id: listingId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
    if (!listing || listing.status !== 'active') throw conflict(TRANSACTION_MESSAGES.listingUnavailable, 'listing_unavailable')
    if (listing.seller.id === viewer.userId) throw badRequest(TRANSACTION_MESSAGES.ownListing, 'own_listing')
    const seller = await tx.findOneOrFail(User, { id: listing.seller.id })
    if (seller.bannedAt) throw conflict(TRANSACTION_MESSAGES.listingUnavailable, 'listing_unavailable')
    const buyer = await tx.findOneOrFail(User, { id: viewer.userId })
    const settings = await this.deps.settings.get(tx)
    const now = new Date()
    const deal = tx.create(EscrowTransaction, {
      listing,
      buyer,
      seller,
      priceCents: listing.priceCents,
      escrowFeeCents: escrowFee(listing.priceCents, settings),
      countdownDays: settings.countdownDays[listing.platform as LivePlatform],
      reservedUntil: new Date(now.getTime() + settings.reservationMinutes * 60_000),
      createdAt: now,
      updatedAt: now,
    })
    await tx.flush()
    const { conversation } = await this.deps.conversations.openConversation(tx, { buyerId: buyer.id, sellerId: seller.id, listingId, transactionId: deal.id })
    deal.conversation = conversation
    this.timeline(tx, deal, 'pending', buyer, 'buyer', `${buyer.username} started the purchase`)
    const answer = await this.finish(tx, deal, 'buyer', 201, [stepEffects(deal, 'pending', false)], `${buyer.username} started buying this account.`, buyer.id)
    // Last, so the catalogue's counter row for the listing's platform and month (which every purchase of a
    // listing of that month updates, through the listings trigger) stays locked only until the commit.
    await tx.execute(`update listings set status = 'reserved', updated_at = now() where id = ?`, [listingId])
    return answer
  }

  /** A person's step on a deal (every action but paying at a provider). */
  async act(tx: EntityManager, viewer: EscrowViewer, id: number, action: TransactionAction, input: StepInput = {}): Promise<Answer<TransactionDetailDto>> {
    const deal = await this.lock(tx, id)
    const role = roleOf(deal, viewer)
    if (!role) throw notFound(TRANSACTION_MESSAGES.notFound)
    if (!allowed(action, deal.status, role)) {
      const anyone = MOVES[action].by.includes(role)
      throw conflict(anyone ? TRANSACTION_MESSAGES.alreadyInStatus : TRANSACTION_MESSAGES.notAllowed, anyone ? 'invalid_status' : 'not_allowed')
    }
    const actor = await tx.findOneOrFail(User, { id: viewer.userId })
    const to = MOVES[action].to
    const effects: StepEffects[] = []
    let chat: string
    switch (action) {
      case 'pay':
        await this.money.fundFromBalance(tx, deal)
        deal.paymentMethod = 'balance'
        effects.push(await this.paid(tx, deal))
        chat = `${actor.username} paid into escrow from their balance.`
        break
      case 'send_invite':
        chat = `${actor.username} sent the ownership invite.`
        break
      case 'confirm_access':
        chat = `${actor.username} confirmed they have access to the account.`
        break
      case 'start_countdown':
        deal.countdownEndsAt = new Date(Date.now() + deal.countdownDays * DAY_MS)
        chat = `The ${deal.countdownDays}-day transfer countdown started; funds are released on ${deal.countdownEndsAt.toISOString().slice(0, 10)} unless a dispute is opened.`
        break
      case 'release':
      case 'resolve_release':
        await this.money.release(tx, deal)
        effects.push(await this.walletChanged(tx, deal.seller, `Sale of “${deal.listing.accountTitle}” completed`, deal))
        chat = action === 'release' ? `${actor.username} released the funds to the seller.` : `An admin settled the dispute: funds released to the seller. ${input.note ?? ''}`.trim()
        break
      case 'cancel':
        chat = `${actor.username} cancelled the purchase.`
        break
      case 'refund':
      case 'resolve_refund':
        await this.money.refund(tx, deal)
        effects.push(await this.walletChanged(tx, deal.buyer, `Refund for “${deal.listing.accountTitle}”`, deal))
        chat = action === 'refund' ? `${actor.username} refunded the buyer.` : `An admin settled the dispute: the buyer is refunded. ${input.note ?? ''}`.trim()
        break
      case 'dispute':
        if (!input.reason) throw badRequest('Tell us what went wrong', 'validation_error')
        deal.disputeReason = input.reason
        chat = `${actor.username} opened a dispute: ${input.reason}`
        break
    }
    const returned = this.moveListing(deal, to)
    if (role === 'admin') {
      const reason = input.note ?? null
      recordAudit(tx, { adminId: actor.id, action: `transaction.${action}` as AuditAction, targetType: 'transaction', targetId: deal.id, before: { status: deal.status }, after: { status: to }, reason })
    }
    deal.status = to
    deal.updatedAt = new Date()
    if (to === 'completed' || to === 'cancelled' || to === 'refunded') deal.closedAt = deal.updatedAt
    this.timeline(tx, deal, to, actor, role, chat)
    effects.push(stepEffects(deal, to, returned))
    return this.finish(tx, deal, role, 200, effects, chat, actor.id)
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

  async list(em: EntityManager, viewer: EscrowViewer, query: TransactionListQuery, everyone = false) {
    const { items, total } = await listDeals(em, { userId: everyone ? null : viewer.userId, query })
    return { items: items.map((deal) => toTransactionDto(deal, roleOf(deal, viewer) ?? 'admin')), total }
  }

  /** The deals waiting for an admin to settle them (admins only; the caller checks), the longest-waiting first. */
  async disputes(em: EntityManager, viewer: EscrowViewer, page: number, pageSize: number): Promise<{ items: AdminDisputeDto[]; total: number }> {
    const { items, total } = await disputeQueue(em, page, pageSize)
    return {
      items: items.map(({ deal, disputedAt, disputedBy }) => ({ ...toTransactionDto(deal, roleOf(deal, viewer) ?? 'admin'), disputedAt: disputedAt.toISOString(), disputedBy })),
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
    if (role !== 'buyer' || deal.status !== 'pending') throw conflict(role === 'buyer' ? TRANSACTION_MESSAGES.alreadyInStatus : TRANSACTION_MESSAGES.notAllowed, role === 'buyer' ? 'invalid_status' : 'not_allowed')
    return heldCents(deal)
  }

  /**
   * A checklist step: the seller marks it done, then the buyer confirms it. Each tick is timestamped, goes on
   * the timeline and into the chat; ticking a step again changes nothing.
   */
  async tick(tx: EntityManager, viewer: EscrowViewer, id: number, itemId: number): Promise<Answer<TransactionDetailDto>> {
    const deal = await this.lock(tx, id)
    const role = roleOf(deal, viewer)
    if (!role) throw notFound(TRANSACTION_MESSAGES.notFound)
    const item = await tx.findOne(ChecklistItem, { id: itemId, transaction: deal.id })
    if (!item) throw notFound('Checklist step not found')
    if (!CHECKLIST_OPEN.includes(deal.status) || role === 'admin') throw conflict(TRANSACTION_MESSAGES.notAllowed, 'not_allowed')
    const actor = await tx.findOneOrFail(User, { id: viewer.userId })
    let chat: string | null = null
    if (role === 'seller' && !item.sellerDoneAt) {
      item.sellerDoneAt = new Date()
      chat = `${actor.username} marked “${item.title}” done.`
    } else if (role === 'buyer' && !item.buyerConfirmedAt) {
      if (!item.sellerDoneAt) throw conflict('The seller has not marked this step done yet', 'step_not_done')
      item.buyerConfirmedAt = new Date()
      chat = `${actor.username} confirmed “${item.title}”.`
    }
    if (chat) this.timeline(tx, deal, null, actor, role, chat)
    // the status stays, but both sides' open deal pages must show the tick
    const parties = { userIds: [deal.buyer.id, deal.seller.id] }
    const ticked: StepEffects = chat
      ? { notifications: [], deliveries: [{ audience: parties, event: { type: 'transaction_updated', transactionId: deal.id, status: deal.status } }] }
      : { notifications: [], deliveries: [] }
    return this.finish(tx, deal, role, 200, [ticked], chat, actor.id)
  }

  /**
   * A purchase order paid at the provider, inside the caller's transaction (payments marks the order credited in
   * the same commit): funds the deal if it is still waiting. A deal that lapsed or was paid from the balance
   * meanwhile sends the money to the buyer's balance instead, so nothing paid is ever lost. Idempotent: a deal
   * already funded by a provider (its one order, `trans_{id}`) moves nothing again. The caller runs `after` once
   * it has committed.
   */
  async payWithProvider(tx: EntityManager, order: { transactionId: number; orderId: string; method: PaymentMethod; amountCents: number; processorFeeCents: number }) {
    if (!tx.isInTransaction()) throw new Error('payWithProvider runs inside the caller’s transaction')
    const deal = await this.lock(tx, order.transactionId)
    let answer: Answer<TransactionDetailDto>
    if (deal.status === 'pending') {
      await this.money.fundFromProvider(tx, deal)
      deal.paymentMethod = order.method
      deal.processorFeeCents = order.processorFeeCents
      const effects = [await this.paid(tx, deal)]
      deal.status = 'fee_paid'
      deal.updatedAt = new Date()
      const chat = `${deal.buyer.username} paid into escrow by ${order.method}.`
      this.timeline(tx, deal, 'fee_paid', deal.buyer, 'buyer', chat)
      effects.push(stepEffects(deal, 'fee_paid', false))
      answer = await this.finish(tx, deal, 'buyer', 200, effects, chat, deal.buyer.id)
    } else if (deal.paymentMethod === 'card' || deal.paymentMethod === 'crypto') {
      // funded by this very order before: nothing moves twice
      answer = { status: 200, body: await detailOf(tx, deal, 'buyer') }
    } else {
      await this.money.creditUnmatched(tx, deal, order.orderId, order.amountCents)
      const effects = [await this.walletChanged(tx, deal.buyer, `Payment ${order.orderId} arrived after the deal stopped waiting for it; it is in your balance`, deal)]
      answer = await this.finish(tx, deal, 'buyer', 200, effects, null, null)
    }
    const { body } = answer
    return { transactionId: body.id, conversationId: body.conversationId, sellerId: body.sellerId, status: body.status, after: answer.after }
  }

  /** The server's own moves: unpaid reservations lapse, countdowns with no dispute end in release. Returns how many. */
  async runDue(em: EntityManager, now = new Date()): Promise<number> {
    const due = await em.execute<{ id: number; status: TransactionStatus }[]>(
      `(select id, status from escrow_transactions where status = 'pending' and reserved_until <= ? order by reserved_until limit 100)
       union all (select id, status from escrow_transactions where status = 'countdown_started' and countdown_ends_at <= ? order by countdown_ends_at limit 100)`,
      [now, now],
    )
    let moved = 0
    for (const { id } of due) {
      try {
        const answer = await em.fork().transactional((tx) => this.systemMove(tx, id, now))
        if (answer) {
          await answer.after?.()
          moved++
        }
      } catch (err) {
        this.deps.logger.error({ err, transactionId: id }, 'escrow system move failed')
      }
    }
    return moved
  }

  private async systemMove(tx: EntityManager, id: number, now: Date): Promise<Answer<TransactionDetailDto> | null> {
    const deal = await this.lock(tx, id)
    let to: TransactionStatus
    let chat: string
    const effects: StepEffects[] = []
    if (deal.status === 'pending' && deal.reservedUntil && deal.reservedUntil <= now) {
      to = 'cancelled'
      chat = 'The reservation ended without payment; the purchase is cancelled.'
    } else if (deal.status === 'countdown_started' && deal.countdownEndsAt && deal.countdownEndsAt <= now) {
      to = 'completed'
      await this.money.release(tx, deal)
      effects.push(await this.walletChanged(tx, deal.seller, `Sale of “${deal.listing.accountTitle}” completed`, deal))
      chat = 'The countdown ended with no dispute; the funds are released to the seller.'
    } else {
      return null // another instance, or a person, got there first
    }
    const returned = this.moveListing(deal, to)
    deal.status = to
    deal.updatedAt = now
    deal.closedAt = now
    this.timeline(tx, deal, to, null, 'system', chat)
    effects.push(stepEffects(deal, to, returned))
    return this.finish(tx, deal, 'admin', 200, effects, chat, null)
  }

  /** The paid step's own effects: the deal's checklist is copied and the buyer's wallet may have changed. */
  private async paid(tx: EntityManager, deal: EscrowTransaction): Promise<StepEffects> {
    deal.paidAt = new Date()
    deal.reservedUntil = null
    await copyChecklist(tx, deal)
    if (deal.paymentMethod !== 'balance') return { notifications: [], deliveries: [] }
    return this.walletChanged(tx, deal.buyer, `Paid into escrow for “${deal.listing.accountTitle}”`, deal)
  }

  private walletChanged(tx: EntityManager, user: User, message: string, deal: EscrowTransaction) {
    return this.money.balanceEffects(tx, user.id, message, { transactionId: deal.id })
  }

  /** The listing follows the deal: reserved while open, sold when completed, back on sale when it ends unpaid or refunded. */
  private moveListing(deal: EscrowTransaction, to: TransactionStatus): boolean {
    const { listing } = deal
    if (to === 'completed') {
      listing.status = 'sold'
      listing.soldAt = new Date()
      return false
    }
    if ((to === 'cancelled' || to === 'refunded') && listing.status === 'reserved') {
      listing.status = 'active'
      return true
    }
    return false
  }

  private async lock(tx: EntityManager, id: number): Promise<EscrowTransaction> {
    // one statement: the deal's row locked, its listing, parties and conversation joined in (not locked)
    const deal = await tx.findOne(
      EscrowTransaction,
      { id },
      { populate: ['listing', 'buyer', 'seller', 'conversation'], strategy: 'joined', lockMode: LockMode.PESSIMISTIC_WRITE, lockTableAliases: ['e0'] },
    )
    if (!deal) throw notFound(TRANSACTION_MESSAGES.notFound)
    return deal
  }

  private timeline(tx: EntityManager, deal: EscrowTransaction, status: TransactionStatus | null, actor: User | null, role: TransactionRole | 'system', note: string) {
    tx.create(EscrowTransactionEvent, { transaction: deal, status, actor, actorRole: role, note: note.slice(0, 2000), createdAt: new Date() })
  }

  /** Stores notifications and the chat line with the step, flushes, and hands back the answer and its announcement. */
  private async finish(
    tx: EntityManager,
    deal: EscrowTransaction,
    role: TransactionRole,
    status: number,
    effects: StepEffects[],
    chat: string | null,
    chatSenderId: number | null,
  ): Promise<Answer<TransactionDetailDto>> {
    const announcement: Announcement = { notifications: [], deliveries: effects.flatMap((e) => e.deliveries), chat: null }
    for (const draft of effects.flatMap((e) => e.notifications)) {
      announcement.notifications.push(this.deps.notifications.notify(tx, draft.userId, draft))
    }
    if (chat && deal.conversation) {
      announcement.chat = await this.deps.conversations.writeSystemMessage(tx, deal.conversation.id, chatSenderId ?? deal.seller.id, chat)
    }
    await tx.flush()
    const body = await detailOf(tx, deal, role)
    return { status, body, after: () => announce(this.deps, announcement) }
  }
}
