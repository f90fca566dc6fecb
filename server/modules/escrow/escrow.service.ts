import type { EntityManager } from '@mikro-orm/postgresql'
import {
  pastDeadline,
  TRANSACTION_MESSAGES,
  type QuoteDto,
  type TransactionAction,
  type TransactionDetailDto,
  type TransactionListQuery,
  type TransactionRole,
  type TransactionStatus,
} from '@shared/api/transactions'
import type { LivePlatform } from '@shared/api/listings'
import { ADMIN_SENDER_NAME } from '@shared/api/conversations'
import { ADMIN_SENDER_ID } from '@shared/constants'
import { escrowFee, quote, type PaymentMethod } from '@shared/fees'
import { formatCents } from '@shared/format'
import type { AuditAction } from '@shared/api/audit'
import type { AdminDisputeDto } from '@shared/api/admin-dashboard'
import { BANNED_SELLER_LISTING_REASON } from '@shared/api/moderation'
import { badRequest, conflict, notFound } from '../../http/errors'
import type { Answer } from '../../http/idempotency'
import type { Logger } from '../../logger'
import { announce, combine, type Announcement } from '../../realtime/announce'
import type { Delivery, EventBus } from '../../realtime/bus'
import { recordAudit } from '../audit/audit.service'
import type { ConversationsService } from '../conversations/conversations.service'
import { accounts, type LedgerService } from '../ledger/ledger.service'
import { Listing } from '../listings/listing.entity'
import type { NotificationService } from '../notifications/notifications.service'
import type { SettingsService } from '../settings/settings.service'
import { balanceEffects, stepEffects, type StepEffects } from './escrow.effects'
import { ChecklistItem, EscrowTransaction } from './escrow.entities'
import { toDetailDto, toTransactionDto } from './escrow.mapper'
import { EscrowMoney, heldCents } from './escrow.money'
import { detailOf, disputeQueue, listDeals, roleOf, type EscrowActor, type EscrowViewer } from './escrow.reads'
import { dealChat } from './deal-chat'
import { allowed, MOVES, SYSTEM_MOVES, systemAllowed, transition, type SystemMove } from './state-machine'
import type { Deal, NewDeal, Party } from './deal'
import { createDeal, lockDeal, lockListing, saveStep, type StepWrite } from './escrow.store'

export type { EscrowActor, EscrowViewer } from './escrow.reads'

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

/** One step's share of a request's write: what it tells people, its timeline line and its line in the deal's chat. */
interface StepPart {
  effects: StepEffects[]
  event: StepWrite['events'][number] | null
  /** the chat line, with its sender's name for the live message */
  chat: (StepWrite['chats'][number] & { senderUsername: string }) | null
}

/** What a request's write does besides its steps' parts. */
type StepOptions = Partial<Pick<StepWrite, 'copyChecklist' | 'listingStatus'>>

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The columns the `pay` step sets when the buyer pays from the balance at `now`: its case applies them, and a purchase
 * that pays at once writes its new row with them, so the step finds the row as it leaves it and does not write it again.
 */
const paidFromBalance = (now: Date): Pick<Deal, 'status' | 'paymentMethod' | 'paidAt' | 'reservedUntil' | 'updatedAt'> => ({
  status: MOVES.pay.to,
  paymentMethod: 'balance',
  paidAt: now,
  reservedUntil: null,
  updatedAt: now,
})

/** checklist steps are ticked while the money is held and no dispute is open */
const CHECKLIST_OPEN: readonly TransactionStatus[] = ['fee_paid', 'invite_sent', 'access_granted', 'countdown_started']

/** What a buyer asks to buy: the listing, and the total they were shown (price plus escrow fee), when they say. */
export interface PurchaseOrder {
  listingId: number
  quotedTotalCents?: number
}

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
  async purchase(tx: EntityManager, viewer: EscrowActor, order: PurchaseOrder): Promise<Answer<TransactionDetailDto>> {
    const { deal, part } = await this.reserve(tx, viewer, order)
    return this.finish(tx, deal, 'buyer', 201, [part], { listingStatus: 'reserved' }, deal.createdAt)
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
    const paid = await this.step(tx, viewer, reserved.deal, 'pay', {}, now)
    return this.finish(tx, reserved.deal, paid.role, 201, [reserved.part, paid.part], { ...paid.write, listingStatus: 'reserved' }, now)
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

  /** A person's step on a deal (every action but paying at a provider). */
  async act(
    tx: EntityManager,
    viewer: EscrowActor,
    id: number,
    action: TransactionAction,
    input: StepInput = {},
  ): Promise<Answer<TransactionDetailDto>> {
    const deal = await this.lock(tx, id)
    const { role, part, write } = await this.step(tx, viewer, deal, action, input)
    return this.finish(tx, deal, role, 200, [part], write)
  }

  /**
   * The step on a deal whose row this transaction holds locked: the money moved and the deal changed in memory,
   * and the step's part and options for the caller to write.
   */
  private async step(
    tx: EntityManager,
    viewer: EscrowActor,
    deal: Deal,
    action: TransactionAction,
    input: StepInput = {},
    now = new Date(),
  ): Promise<{ role: TransactionRole; part: StepPart; write: StepOptions }> {
    const role = roleOf(deal, viewer)
    if (!role) throw notFound(TRANSACTION_MESSAGES.notFound)
    if (!allowed(action, deal.status, role)) {
      const anyone = MOVES[action].by.includes(role)
      throw conflict(anyone ? TRANSACTION_MESSAGES.alreadyInStatus : TRANSACTION_MESSAGES.notAllowed, anyone ? 'invalid_status' : 'not_allowed')
    }
    // past a deadline the sweep (runDue) has not reached yet, the deal is as good as moved on: it will be
    if (pastDeadline(action, deal, now.getTime())) {
      throw action === 'pay'
        ? conflict(TRANSACTION_MESSAGES.reservationLapsed, 'reservation_lapsed')
        : conflict(TRANSACTION_MESSAGES.countdownOver, 'countdown_over')
    }
    // an admin's step speaks as Handover Support in the chat and on the timeline, as an admin's messages do (999);
    // the audit log keeps which admin it was
    const actor = { id: viewer.userId, username: role === 'admin' ? ADMIN_SENDER_NAME : viewer.username }
    const to = MOVES[action].to
    const effects: StepEffects[] = []
    let copyChecklist = false
    let chat: string
    switch (action) {
      case 'pay':
        Object.assign(deal, paidFromBalance(now))
        effects.push(this.paid(deal, await this.money.fundFromBalance(tx, deal), now))
        copyChecklist = true
        chat = dealChat.paidFromBalance(actor.username)
        break
      case 'send_invite':
        chat = dealChat.inviteSent(actor.username)
        break
      case 'confirm_access':
        chat = dealChat.accessConfirmed(actor.username)
        break
      case 'start_countdown':
        deal.countdownEndsAt = new Date(Date.now() + deal.countdownDays * DAY_MS)
        chat = dealChat.countdownStarted(deal.countdownDays, deal.countdownEndsAt)
        break
      case 'release':
      case 'resolve_release':
        effects.push(this.released(deal, await this.money.release(tx, deal)))
        chat =
          action === 'release'
            ? `${actor.username} released the funds to the seller.`
            : `An admin settled the dispute: funds released to the seller. ${input.note ?? ''}`.trim()
        break
      case 'cancel':
        chat = `${actor.username} cancelled the purchase.`
        break
      case 'refund':
      case 'resolve_refund':
        effects.push(
          this.walletChanged(
            deal.buyer,
            await this.money.refund(tx, deal),
            heldCents(deal),
            `Refund for “${deal.listing.accountTitle}”: ${formatCents(heldCents(deal))} is back in your balance`,
            deal,
          ),
        )
        chat =
          action === 'refund'
            ? `${actor.username} refunded the buyer.`
            : `An admin settled the dispute: the buyer is refunded. ${input.note ?? ''}`.trim()
        break
      case 'dispute':
        if (!input.reason) throw badRequest('Tell us what went wrong', 'validation_error')
        deal.disputeReason = input.reason
        chat = `${actor.username} opened a dispute: ${input.reason}`
        break
    }
    if (role === 'admin') {
      const reason = input.note ?? null
      recordAudit(tx, {
        adminId: actor.id,
        action: `transaction.${action}` as AuditAction,
        targetType: 'transaction',
        targetId: deal.id,
        before: { status: deal.status },
        after: { status: to },
        reason,
      })
    }
    const listingStatus = transition(deal, to, now)
    effects.push(stepEffects(deal, to, listingStatus === 'active', role))
    return {
      role,
      part: {
        effects,
        event: { status: to, actorId: actor.id, role, note: chat },
        chat: { senderId: actor.id, senderUsername: actor.username, content: chat, fromAdmin: role === 'admin' },
      },
      write: { copyChecklist, listingStatus },
    }
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

  /**
   * A checklist step: the seller marks it done, then the buyer confirms it. Each tick is timestamped, goes on
   * the timeline and into the chat; ticking a step again changes nothing.
   */
  async tick(tx: EntityManager, viewer: EscrowActor, id: number, itemId: number): Promise<Answer<TransactionDetailDto>> {
    const deal = await this.lock(tx, id)
    const role = roleOf(deal, viewer)
    if (!role) throw notFound(TRANSACTION_MESSAGES.notFound)
    const item = await tx.findOne(ChecklistItem, { id: itemId, transaction: deal.id })
    if (!item) throw notFound('Checklist step not found')
    if (!CHECKLIST_OPEN.includes(deal.status) || role === 'admin') throw conflict(TRANSACTION_MESSAGES.notAllowed, 'not_allowed')
    const actor = { id: viewer.userId, username: viewer.username }
    let chat: string | null = null
    if (role === 'seller' && !item.sellerDoneAt) {
      item.sellerDoneAt = new Date()
      chat = `${actor.username} marked “${item.title}” done.`
    } else if (role === 'buyer' && !item.buyerConfirmedAt) {
      if (!item.sellerDoneAt) throw conflict('The seller has not marked this step done yet', 'step_not_done')
      item.buyerConfirmedAt = new Date()
      chat = `${actor.username} confirmed “${item.title}”.`
    }
    // the tick first, so the step's answer shows it
    await tx.flush()
    // the status stays, but both sides' open deal pages, and the admins' (deciding a dispute from the ticks), must show it
    const parties = { userIds: [deal.buyer.id, deal.seller.id, ADMIN_SENDER_ID] }
    const ticked: StepEffects = chat
      ? {
          notifications: [],
          deliveries: [{ audience: parties, event: { type: 'transaction_updated', transactionId: deal.id, status: deal.status } }],
        }
      : { notifications: [], deliveries: [] }
    return this.finish(tx, deal, role, 200, [
      {
        effects: [ticked],
        event: chat ? { status: null, actorId: actor.id, role, note: chat } : null,
        chat: chat ? { senderId: actor.id, senderUsername: actor.username, content: chat } : null,
      },
    ])
  }

  /**
   * A purchase order paid at the provider, inside the caller's transaction (payments marks the order credited in
   * the same commit): funds the deal if it is still waiting. A deal that lapsed or was paid from the balance
   * meanwhile sends the money to the buyer's balance instead, so nothing paid is ever lost. Idempotent: a deal
   * already funded by a provider (its one order, `trans_{id}`) moves nothing again. The caller runs `after` once
   * it has committed.
   */
  async payWithProvider(
    tx: EntityManager,
    order: { transactionId: number; orderId: string; method: PaymentMethod; amountCents: number; processorFeeCents: number },
  ) {
    if (!tx.isInTransaction()) throw new Error('payWithProvider runs inside the caller’s transaction')
    const deal = await this.lock(tx, order.transactionId)
    let answer: Answer<TransactionDetailDto>
    if (deal.status === 'pending') {
      await this.money.fundFromProvider(tx, deal)
      deal.paymentMethod = order.method
      deal.processorFeeCents = order.processorFeeCents
      const effects = [this.paid(deal, null)]
      transition(deal, 'fee_paid', new Date())
      const chat = `${deal.buyer.username} paid into escrow by ${order.method}.`
      effects.push(stepEffects(deal, 'fee_paid', false, 'buyer'))
      answer = await this.finish(
        tx,
        deal,
        'buyer',
        200,
        [
          {
            effects,
            event: { status: 'fee_paid', actorId: deal.buyer.id, role: 'buyer', note: chat },
            chat: { senderId: deal.buyer.id, senderUsername: deal.buyer.username, content: chat },
          },
        ],
        { copyChecklist: true },
      )
    } else if (deal.paymentMethod === 'card' || deal.paymentMethod === 'crypto') {
      // funded by this very order before: nothing moves twice
      answer = { status: 200, body: await detailOf(tx, deal, 'buyer') }
    } else {
      const balance = await this.money.creditUnmatched(tx, deal, order.orderId, order.amountCents)
      const effects = [
        this.walletChanged(
          deal.buyer,
          balance,
          order.amountCents,
          `Payment ${order.orderId} of ${formatCents(order.amountCents)} arrived after the deal stopped waiting for it; it is in your balance`,
          deal,
        ),
      ]
      answer = await this.finish(tx, deal, 'buyer', 200, [{ effects, event: null, chat: null }])
    }
    const { body } = answer
    return {
      transactionId: body.id,
      conversationId: body.conversationId,
      sellerId: body.sellerId,
      status: body.status,
      announcement: { deliveries: answer.deliveries } as Announcement,
    }
  }

  /**
   * A ban of the seller, in the ban's transaction (which holds the seller's row, so no step of theirs runs meanwhile):
   * their unpaid reservations are cancelled (the listing goes off sale with their others), and every deal holding a
   * buyer's money turns disputed, so no countdown pays a banned seller out on its own and an admin settles each one
   * from the dispute queue. Answers what to announce once the ban has committed.
   */
  async holdDealsOfBannedSeller(tx: EntityManager, sellerId: number): Promise<Announcement> {
    const open = await tx.execute<{ id: number }[]>(`select id from escrow_transactions where seller_id = ? and status in (?) order by id`, [
      sellerId,
      [...SYSTEM_MOVES.seller_banned_unpaid.from, ...SYSTEM_MOVES.seller_banned_held.from],
    ])
    const answers: Announcement[] = []
    for (const { id } of open) {
      const deal = await this.lock(tx, id)
      let move: SystemMove
      let chat: string
      if (systemAllowed('seller_banned_unpaid', deal.status)) {
        move = 'seller_banned_unpaid'
        chat = dealChat.sellerBannedUnpaid
      } else if (systemAllowed('seller_banned_held', deal.status)) {
        move = 'seller_banned_held'
        chat = dealChat.sellerBannedHeld
        deal.disputeReason = chat
      } else {
        continue
      }
      // the ban has already set banned_at in this transaction: the listing a cancelled reservation gives back is suspended
      deal.sellerBanned = true
      answers.push(await this.systemStep(tx, deal, move, chat, [], new Date()))
    }
    return combine(...answers)
  }

  /**
   * The buyer complained at the payment provider about the payment that funded the deal (payments found it out, in the
   * caller's transaction): a deal still holding that money turns disputed, held by Handover, so no countdown pays the
   * seller while the complaint is open, and an admin settles it from the dispute queue. Answers what to announce once
   * committed, or null: the deal is past holding (completed, refunded, disputed already), or was not funded by the
   * provider (that payment went to the buyer's balance).
   */
  async holdForProviderComplaint(tx: EntityManager, transactionId: number): Promise<Announcement | null> {
    const deal = await this.lock(tx, transactionId)
    if (!systemAllowed('provider_complaint', deal.status) || (deal.paymentMethod !== 'card' && deal.paymentMethod !== 'crypto')) return null
    deal.disputeReason = dealChat.providerComplaintHeld
    const { deliveries } = await this.systemStep(tx, deal, 'provider_complaint', dealChat.providerComplaintHeld, [], new Date())
    return { deliveries }
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
          await announce(this.deps, 'escrow step', answer)
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
    let move: SystemMove
    let chat: string
    const effects: StepEffects[] = []
    if (systemAllowed('expire', deal.status) && deal.reservedUntil && deal.reservedUntil <= now) {
      move = 'expire'
      chat = 'The reservation ended without payment; the purchase is cancelled.'
    } else if (systemAllowed('countdown_over', deal.status) && deal.countdownEndsAt && deal.countdownEndsAt <= now) {
      move = 'countdown_over'
      effects.push(this.released(deal, await this.money.release(tx, deal)))
      chat = dealChat.countdownEnded
    } else {
      return null // another instance, or a person, got there first
    }
    return this.systemStep(tx, deal, move, chat, effects, now)
  }

  /**
   * A move the server makes on its own (a deadline, a ban): the deal as `to`, its listing following it, and the
   * system's line on the timeline and in the chat, which goes out in the seller's name, as every system line has a sender.
   */
  private systemStep(
    tx: EntityManager,
    deal: Deal,
    move: SystemMove,
    chat: string,
    effects: StepEffects[],
    now: Date,
  ): Promise<Answer<TransactionDetailDto>> {
    const { to } = SYSTEM_MOVES[move]
    const listingStatus = transition(deal, to, now)
    effects.push(stepEffects(deal, to, listingStatus === 'active', 'system'))
    return this.finish(
      tx,
      deal,
      'admin',
      200,
      [
        {
          effects,
          event: { status: to, actorId: null, role: 'system', note: chat },
          chat: { senderId: deal.seller.id, senderUsername: deal.seller.username, content: chat },
        },
      ],
      {
        listingStatus,
      },
    )
  }

  /** The paid step's own effects: the deal is no longer reserved and, paid from the balance, the buyer's wallet changed. */
  private paid(deal: Deal, buyerBalance: number | null, now = new Date()): StepEffects {
    deal.paidAt = now
    deal.reservedUntil = null
    if (buyerBalance === null) return { notifications: [], deliveries: [] }
    return this.walletChanged(
      deal.buyer,
      buyerBalance,
      heldCents(deal),
      `Paid ${formatCents(heldCents(deal))} into escrow for “${deal.listing.accountTitle}”`,
      deal,
    )
  }

  /** The seller's wallet after a release: the price is theirs (the escrow fee goes to the platform). */
  private released(deal: Deal, sellerBalance: number): StepEffects {
    return this.walletChanged(
      deal.seller,
      sellerBalance,
      deal.priceCents,
      `Sale of “${deal.listing.accountTitle}” completed: ${formatCents(deal.priceCents)} added to your balance`,
      deal,
    )
  }

  /** The notification and live event of a wallet this step changed by `amountCents`, with its new balance. */
  private walletChanged(user: Party, balanceCents: number, amountCents: number, message: string, deal: Deal): StepEffects {
    return balanceEffects(user.id, balanceCents, amountCents, message, { transactionId: deal.id })
  }

  private async lock(tx: EntityManager, id: number): Promise<Deal> {
    const deal = await lockDeal(tx, id)
    if (!deal) throw notFound(TRANSACTION_MESSAGES.notFound)
    return deal
  }

  /**
   * Writes the request's steps in one statement (the deal as it now is, each step's timeline line, notifications and
   * chat line, the listing) and hands back the answer and what to announce once committed: each step's live events,
   * chat line and notifications, step after step. `now` stamps the lines; a purchase stamps them with the deal's
   * creation, the time its new conversation was opened with, so the conversation is written once.
   */
  private async finish(
    tx: EntityManager,
    deal: Deal,
    role: TransactionRole,
    status: number,
    parts: StepPart[],
    options: StepOptions = {},
    now = new Date(),
  ): Promise<Answer<TransactionDetailDto>> {
    const chats = parts.map((part) => (part.chat ? { ...part.chat, content: part.chat.content.slice(0, 4000) } : null))
    const written = await saveStep(
      tx,
      deal,
      {
        copyChecklist: options.copyChecklist ?? false,
        listingStatus: options.listingStatus ?? null,
        // a deal suspends its listing only for a banned seller (`moveListing`), as the ban itself does
        listingReason: options.listingStatus === 'suspended' ? BANNED_SELLER_LISTING_REASON : null,
        events: parts.flatMap((part) => (part.event ? [part.event] : [])),
        chats: chats.filter((chat) => chat !== null),
        notifications: parts.flatMap((part) => part.effects.flatMap((e) => e.notifications)),
      },
      now,
    )
    const deliveries: Delivery[] = []
    let message = 0
    let notification = 0
    parts.forEach((part, i) => {
      deliveries.push(...part.effects.flatMap((e) => e.deliveries))
      const chat = chats[i]
      if (chat && deal.conversation && written.conversation) {
        const id = written.messageIds[message++]!
        deliveries.push(
          ...this.deps.conversations.systemMessageDeliveries(deal.conversation.id, chat.senderId, chat.content, now, {
            ...written.conversation,
            id,
            senderUsername: chat.senderUsername,
            fromAdmin: chat.fromAdmin === true,
          }),
        )
      }
      for (const draft of part.effects.flatMap((e) => e.notifications)) {
        deliveries.push(
          this.deps.notifications.createdDelivery({
            ...draft,
            user: { id: draft.userId },
            isRead: false,
            createdAt: now,
            id: written.notificationIds[notification++]!,
          }),
        )
      }
    })
    const body = toDetailDto(deal, role, written.timeline, written.checklist)
    return { status, body, deliveries }
  }
}
