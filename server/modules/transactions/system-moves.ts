import type { EntityManager } from '@mikro-orm/postgresql'
import type { TransactionDetailDto, TransactionStatus } from '@shared/api/transactions'
import type { Answer } from '../../http/idempotency'
import { announce, combine, type Announcement } from '../../realtime/announce'
import { stepEffects, type StepEffects } from './transactions.effects'
import { dealChat } from './deal-chat'
import { SYSTEM_MOVES, systemAllowed, transition, type SystemMove } from './state-machine'
import type { Deal } from './deal'

import type { DealWriter, TransactionDeps } from './deal-writer'

/**
 * The moves the server makes on its own (SYSTEM_MOVES): deadlines that pass, a banned seller's deals, a payment the
 * payer complained about at the provider. Each speaks on the timeline and in the chat in the system's name.
 */
export class SystemMoves {
  constructor(
    private readonly writer: DealWriter,
    private readonly deps: TransactionDeps,
  ) {}

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
      const deal = await this.writer.lock(tx, id)
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
    const deal = await this.writer.lock(tx, transactionId)
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
    const deal = await this.writer.lock(tx, id)
    let move: SystemMove
    let chat: string
    const effects: StepEffects[] = []
    if (systemAllowed('expire', deal.status) && deal.reservedUntil && deal.reservedUntil <= now) {
      move = 'expire'
      chat = 'The reservation ended without payment; the purchase is cancelled.'
    } else if (systemAllowed('countdown_over', deal.status) && deal.countdownEndsAt && deal.countdownEndsAt <= now) {
      move = 'countdown_over'
      effects.push(this.writer.released(deal, await this.writer.money.release(tx, deal)))
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
    return this.writer.finish(
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
}
