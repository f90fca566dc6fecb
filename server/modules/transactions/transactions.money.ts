import type { EntityManager } from '@mikro-orm/postgresql'
import type { Cents } from '@shared/money'
import { transactionDisplayId, type RefundDestination } from '@shared/api/transactions'
import { accounts, type LedgerService } from '../ledger/ledger.service'
import type { Deal } from './deal'

/**
 * The money of a deal, as ledger transfers inside the deal's own database transaction. Each transfer has a key
 * made of the deal and its step, so whichever path reaches a step (a retried request, a provider callback, the
 * countdown job on two instances), the money moves once.
 */
export const dealKeys = {
  fund: (id: number) => `deal:${id}:fund`,
  release: (id: number) => `deal:${id}:release`,
  refund: (id: number) => `deal:${id}:refund`,
} as const

/** What moving a deal's money reads of it: its id, parties and amounts. */
type MovedDeal = Pick<Deal, 'id' | 'priceCents' | 'escrowFeeCents'> & { buyer: { id: number }; seller: { id: number } }

/** What the buyer puts into escrow: price and escrow fee (a processor's fee stays with the processor). */
export const heldCents = (deal: Pick<Deal, 'priceCents' | 'escrowFeeCents'>) => deal.priceCents + deal.escrowFeeCents

export class EscrowMoney {
  constructor(private readonly ledger: LedgerService) {}

  /** Buyer's balance → escrow (paying from the balance); refused with 409 when the balance is short. Answers the buyer's new balance. */
  async fundFromBalance(tx: EntityManager, deal: Deal): Promise<Cents> {
    const amount = heldCents(deal)
    const [wallet, escrow] = await this.ledger.accounts(tx, [accounts.wallet(deal.buyer.id), accounts.escrow(deal.id)])
    const moved = await this.ledger.transfer(tx, {
      kind: 'escrow_fund',
      idempotencyKey: dealKeys.fund(deal.id),
      memo: `Payment into escrow for ${transactionDisplayId(deal.id)}`,
      legs: [
        { account: wallet!, amountCents: -amount },
        { account: escrow!, amountCents: amount },
      ],
    })
    return moved.balanceOf(wallet!)
  }

  /** Provider clearing → escrow (paid at the provider's checkout); `at` only for history, as in the demo's past sales. */
  async fundFromProvider(tx: EntityManager, deal: MovedDeal, at?: Date): Promise<void> {
    const amount = heldCents(deal)
    const [clearing, escrow] = await this.ledger.accounts(tx, [accounts.system('provider_clearing'), accounts.escrow(deal.id)])
    await this.ledger.transfer(tx, {
      kind: 'escrow_fund',
      idempotencyKey: dealKeys.fund(deal.id),
      memo: `Payment into escrow for ${transactionDisplayId(deal.id)} at the provider`,
      legs: [
        { account: clearing!, amountCents: -amount },
        { account: escrow!, amountCents: amount },
      ],
      at,
    })
  }

  /** Escrow → the seller's balance (the price) and platform fees (the escrow fee). Answers the seller's new balance. */
  async release(tx: EntityManager, deal: MovedDeal, at?: Date): Promise<Cents> {
    const [escrow, wallet, fees] = await this.ledger.accounts(tx, [
      accounts.escrow(deal.id),
      accounts.wallet(deal.seller.id),
      accounts.system('platform_fees'),
    ])
    const moved = await this.ledger.transfer(tx, {
      kind: 'escrow_release',
      idempotencyKey: dealKeys.release(deal.id),
      memo: `Funds released for ${transactionDisplayId(deal.id)}`,
      legs: [
        { account: escrow!, amountCents: -heldCents(deal) },
        { account: wallet!, amountCents: deal.priceCents },
        ...(deal.escrowFeeCents > 0 ? [{ account: fees!, amountCents: deal.escrowFeeCents }] : []),
      ],
      at,
    })
    return moved.balanceOf(wallet!)
  }

  /**
   * Escrow → where the money came from, all of it (price and escrow fee): the buyer's balance, or provider clearing
   * for a payment the provider refunded (the money leaves Handover as it came in). Answers the buyer's new balance,
   * or null when it went back to the payment.
   */
  async refund(tx: EntityManager, deal: Deal, to: RefundDestination): Promise<Cents | null> {
    const amount = heldCents(deal)
    const [escrow, destination] = await this.ledger.accounts(tx, [
      accounts.escrow(deal.id),
      to === 'balance' ? accounts.wallet(deal.buyer.id) : accounts.system('provider_clearing'),
    ])
    const moved = await this.ledger.transfer(tx, {
      kind: 'escrow_refund',
      idempotencyKey: dealKeys.refund(deal.id),
      memo:
        to === 'balance'
          ? `Refund for ${transactionDisplayId(deal.id)}`
          : `Refund for ${transactionDisplayId(deal.id)} to its payment at the provider`,
      legs: [
        { account: escrow!, amountCents: -amount },
        { account: destination!, amountCents: amount },
      ],
    })
    return to === 'balance' ? moved.balanceOf(destination!) : null
  }

  /** A provider payment for a deal that no longer waits for it (lapsed, or paid another way): to the buyer's balance. */
  async creditUnmatched(tx: EntityManager, deal: Deal, orderId: string, amountCents: number): Promise<Cents> {
    const [clearing, wallet] = await this.ledger.accounts(tx, [accounts.system('provider_clearing'), accounts.wallet(deal.buyer.id)])
    const moved = await this.ledger.transfer(tx, {
      kind: 'deposit',
      idempotencyKey: `order:${orderId}:credit`,
      memo: `Payment ${orderId} for ${transactionDisplayId(deal.id)} credited to the balance`,
      legs: [
        { account: clearing!, amountCents: -amountCents },
        { account: wallet!, amountCents: amountCents },
      ],
    })
    return moved.balanceOf(wallet!)
  }
}
