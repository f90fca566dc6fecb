import type { EntityManager } from '@mikro-orm/postgresql'
import { TRANSACTION_MESSAGES, type TransactionDetailDto, type TransactionRole } from '@shared/api/transactions'
import { formatCents } from '@shared/format'
import { BANNED_SELLER_LISTING_REASON } from '@shared/api/moderation'
import { notFound } from '../../http/errors'
import type { Answer } from '../../http/idempotency'
import type { Logger } from '../../logger'
import type { Delivery, EventBus } from '../../realtime/bus'
import type { ConversationsService } from '../conversations/conversations.service'
import type { LedgerService } from '../ledger/ledger.service'
import type { NotificationService } from '../notifications/notifications.service'
import type { SettingsService } from '../settings/settings.service'
import type { DealRefundInput, DealRefundOutcome } from '../payments/payments.service'
import { balanceEffects, type StepEffects } from './transactions.effects'
import { toDetailDto } from './transactions.mapper'
import { EscrowMoney, heldCents } from './transactions.money'
import type { Deal, Party } from './deal'
import { lockDeal, saveStep, type StepWrite } from './transactions.store'

export interface TransactionDeps {
  ledger: LedgerService
  settings: SettingsService
  notifications: NotificationService
  conversations: ConversationsService
  bus: EventBus
  logger: Logger
  /**
   * A refunded deal's card or crypto payment sent back at the provider (payments), inside the deal's transaction:
   * where the money went (`balance` when the provider would not refund it)
   */
  refundPayment: (tx: EntityManager, input: DealRefundInput) => Promise<DealRefundOutcome>
}

/** What a person may say with a step: a dispute's reason, an admin's note. */
export interface StepInput {
  reason?: string
  note?: string
}

/** One step's share of a request's write: what it tells people, its timeline line and its line in the deal's chat. */
export interface StepPart {
  effects: StepEffects[]
  event: StepWrite['events'][number] | null
  /** the chat line, with its sender's name for the live message */
  chat: (StepWrite['chats'][number] & { senderUsername: string }) | null
}

/** What a request's write does besides its steps' parts. */
export type StepOptions = Partial<Pick<StepWrite, 'copyChecklist' | 'listingStatus'>>

/**
 * What every move on a deal shares: its row lock, its money, and writing the request's steps in one statement with
 * what to announce once committed.
 */
export class DealWriter {
  readonly money: EscrowMoney

  constructor(private readonly deps: TransactionDeps) {
    this.money = new EscrowMoney(deps.ledger)
  }

  /** The paid step's own effects: the deal is no longer reserved and, paid from the balance, the buyer's wallet changed. */
  paid(deal: Deal, buyerBalance: number | null, now = new Date()): StepEffects {
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
  released(deal: Deal, sellerBalance: number): StepEffects {
    return this.walletChanged(
      deal.seller,
      sellerBalance,
      deal.priceCents,
      `Sale of “${deal.listing.accountTitle}” completed: ${formatCents(deal.priceCents)} added to your balance`,
      deal,
    )
  }

  /** The notification and live event of a wallet this step changed by `amountCents`, with its new balance. */
  walletChanged(user: Party, balanceCents: number, amountCents: number, message: string, deal: Deal): StepEffects {
    return balanceEffects(user.id, balanceCents, amountCents, message, { transactionId: deal.id })
  }

  async lock(tx: EntityManager, id: number): Promise<Deal> {
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
  async finish(
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
