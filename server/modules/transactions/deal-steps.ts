import type { EntityManager } from '@mikro-orm/postgresql'
import {
  pastDeadline,
  refundedWhere,
  TRANSACTION_MESSAGES,
  type TransactionAction,
  type TransactionDetailDto,
  type TransactionRole,
  type TransactionStatus,
} from '@shared/api/transactions'
import { ADMIN_SENDER_NAME } from '@shared/api/conversations'
import { ADMIN_SENDER_ID } from '@shared/constants'
import type { PaymentMethod } from '@shared/fees'
import { formatCents } from '@shared/format'
import type { AuditAction } from '@shared/api/audit'
import { badRequest, conflict, notFound } from '../../http/errors'
import type { Answer } from '../../http/idempotency'
import type { Announcement } from '../../realtime/announce'
import { recordAudit } from '../audit/audit.service'
import { stepEffects, type StepEffects } from './transactions.effects'
import { ChecklistItem } from './transactions.entities'
import { heldCents } from './transactions.money'
import { detailOf, roleOf, type EscrowActor } from './transactions.reads'
import { dealChat } from './deal-chat'
import { allowed, MOVES, transition } from './state-machine'
import type { Deal } from './deal'

import type { DealWriter, TransactionDeps, StepInput, StepOptions, StepPart } from './deal-writer'

export const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The columns the `pay` step sets when the buyer pays from the balance at `now`: its case applies them, and a purchase
 * that pays at once writes its new row with them, so the step finds the row as it leaves it and does not write it again.
 */
export const paidFromBalance = (now: Date): Pick<Deal, 'status' | 'paymentMethod' | 'paidAt' | 'reservedUntil' | 'updatedAt'> => ({
  status: MOVES.pay.to,
  paymentMethod: 'balance',
  paidAt: now,
  reservedUntil: null,
  updatedAt: now,
})

/** the deal's checklist line in its chat: one per deal, since a conversation may see the same two people's deals again */
export const checklistLineKey = (dealId: number) => `checklist:${dealId}`

/** checklist steps are ticked while the money is held and no dispute is open */
export const CHECKLIST_OPEN: readonly TransactionStatus[] = ['fee_paid', 'invite_sent', 'access_granted', 'countdown_started']

/**
 * People's steps on a deal (a party's or an admin's, and a payment at the provider, which is the buyer's): each in the
 * caller's database transaction (so an Idempotency-Key commits with it), holding the deal's row lock, checked by the
 * state machine, moving money through the ledger, writing the timeline and a line in the deal's chat, and answering
 * what to announce once committed.
 */
export class DealSteps {
  constructor(
    private readonly writer: DealWriter,
    private readonly deps: TransactionDeps,
  ) {}

  /** A person's step on a deal (every action but paying at a provider). */
  async act(
    tx: EntityManager,
    viewer: EscrowActor,
    id: number,
    action: TransactionAction,
    input: StepInput = {},
  ): Promise<Answer<TransactionDetailDto>> {
    const deal = await this.writer.lock(tx, id)
    const { role, part, write } = await this.step(tx, viewer, deal, action, input)
    return this.writer.finish(tx, deal, role, 200, [part], write)
  }

  /**
   * The step on a deal whose row this transaction holds locked: the money moved and the deal changed in memory,
   * and the step's part and options for the caller to write.
   */
  async step(
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
        effects.push(this.writer.paid(deal, await this.writer.money.fundFromBalance(tx, deal), now))
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
        effects.push(this.writer.released(deal, await this.writer.money.release(tx, deal)))
        chat =
          action === 'release'
            ? `${actor.username} released the funds to the seller.`
            : `An admin settled the dispute: funds released to the seller. ${input.note ?? ''}`.trim()
        break
      case 'cancel':
        chat = `${actor.username} cancelled the purchase.`
        break
      case 'refund':
      case 'resolve_refund': {
        // back where the money came from: a card or crypto payment through the provider's refund, else the balance
        deal.refundedTo =
          deal.paymentMethod === 'balance' || deal.paymentMethod === null
            ? 'balance'
            : (
                await this.deps.refundPayment(tx, {
                  transactionId: deal.id,
                  amountCents: heldCents(deal),
                  reason: action === 'refund' ? 'Refunded by the seller on Handover' : 'Dispute settled for the buyer on Handover',
                })
              ).to
        const balance = await this.writer.money.refund(tx, deal, deal.refundedTo)
        if (balance !== null)
          effects.push(
            this.writer.walletChanged(
              deal.buyer,
              balance,
              heldCents(deal),
              `Refund for “${deal.listing.accountTitle}”: ${formatCents(heldCents(deal))} is back in your balance`,
              deal,
            ),
          )
        const refunded = `${formatCents(heldCents(deal))} went ${refundedWhere(deal, false)}.`
        chat =
          action === 'refund'
            ? `${actor.username} refunded the buyer: ${refunded}`
            : `An admin settled the dispute: the buyer is refunded: ${refunded} ${input.note ?? ''}`.trim()
        break
      }
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

  /**
   * A checklist step: the seller marks it done, then the buyer confirms it. Each tick is timestamped and goes on the
   * timeline; the chat keeps one line for the whole checklist (where it stands and the latest tick), rewritten at
   * every tick, so a handover of many steps does not push the conversation away. Ticking a step again changes nothing.
   */
  async tick(tx: EntityManager, viewer: EscrowActor, id: number, itemId: number): Promise<Answer<TransactionDetailDto>> {
    const deal = await this.writer.lock(tx, id)
    const role = roleOf(deal, viewer)
    if (!role) throw notFound(TRANSACTION_MESSAGES.notFound)
    const item = await tx.findOne(ChecklistItem, { id: itemId, transaction: deal.id })
    if (!item) throw notFound('Checklist step not found')
    if (!CHECKLIST_OPEN.includes(deal.status) || role === 'admin') throw conflict(TRANSACTION_MESSAGES.notAllowed, 'not_allowed')
    const actor = { id: viewer.userId, username: viewer.username }
    let tick: string | null = null
    if (role === 'seller' && !item.sellerDoneAt) {
      item.sellerDoneAt = new Date()
      tick = dealChat.stepDone(actor.username, item.title)
    } else if (role === 'buyer' && !item.buyerConfirmedAt) {
      if (!item.sellerDoneAt) throw conflict('The seller has not marked this step done yet', 'step_not_done')
      item.buyerConfirmedAt = new Date()
      tick = dealChat.stepConfirmed(actor.username, item.title)
    }
    // the tick first, so the step's answer shows it
    await tx.flush()
    // the status stays, but both sides' open deal pages, and the admins' (deciding a dispute from the ticks), must show it
    const parties = { userIds: [deal.buyer.id, deal.seller.id, ADMIN_SENDER_ID] }
    const ticked: StepEffects = tick
      ? {
          notifications: [],
          deliveries: [{ audience: parties, event: { type: 'transaction_updated', transactionId: deal.id, status: deal.status } }],
        }
      : { notifications: [], deliveries: [] }
    const answer = await this.writer.finish(tx, deal, role, 200, [
      { effects: [ticked], event: tick ? { status: null, actorId: actor.id, role, note: tick } : null, chat: null },
    ])
    if (!tick || !deal.conversation) return answer
    const steps = answer.body.checklist
    const line = await this.deps.conversations.keepSystemLine(tx, {
      conversationId: deal.conversation.id,
      key: checklistLineKey(deal.id),
      senderId: actor.id,
      senderUsername: actor.username,
      content: dealChat.checklist(steps.filter((step) => step.buyerConfirmedAt !== null).length, steps.length, tick),
      at: new Date(),
    })
    return { ...answer, deliveries: [...(answer.deliveries ?? []), ...line] }
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
    const deal = await this.writer.lock(tx, order.transactionId)
    let answer: Answer<TransactionDetailDto>
    if (deal.status === 'pending') {
      await this.writer.money.fundFromProvider(tx, deal)
      deal.paymentMethod = order.method
      deal.processorFeeCents = order.processorFeeCents
      const effects = [this.writer.paid(deal, null)]
      transition(deal, 'fee_paid', new Date())
      const chat = dealChat.paidAtProvider(deal.buyer.username, order.method)
      effects.push(stepEffects(deal, 'fee_paid', false, 'buyer'))
      answer = await this.writer.finish(
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
      const balance = await this.writer.money.creditUnmatched(tx, deal, order.orderId, order.amountCents)
      const effects = [
        this.writer.walletChanged(
          deal.buyer,
          balance,
          order.amountCents,
          `Payment ${order.orderId} of ${formatCents(order.amountCents)} arrived after the deal stopped waiting for it; it is in your balance`,
          deal,
        ),
      ]
      answer = await this.writer.finish(tx, deal, 'buyer', 200, [{ effects, event: null, chat: null }])
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
}
