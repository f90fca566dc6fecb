import type { EntityManager } from '@mikro-orm/postgresql'
import { transactionDisplayId } from '@shared/api/transactions'
import type { LedgerService } from '../ledger/ledger.service'
import type { EscrowTransaction } from './escrow.entities'
import { balanceEffects, type StepEffects } from './escrow.effects'

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

/** What the buyer puts into escrow: price and escrow fee (a processor's fee stays with the processor). */
export const heldCents = (deal: Pick<EscrowTransaction, 'priceCents' | 'escrowFeeCents'>) => deal.priceCents + deal.escrowFeeCents

export class EscrowMoney {
  constructor(private readonly ledger: LedgerService) {}

  /** Buyer's balance → escrow (paying from the balance); refused with 409 when the balance is short. */
  async fundFromBalance(tx: EntityManager, deal: EscrowTransaction) {
    const amount = heldCents(deal)
    await this.ledger.transfer(tx, {
      kind: 'escrow_fund',
      idempotencyKey: dealKeys.fund(deal.id),
      memo: `Payment into escrow for ${transactionDisplayId(deal.id)}`,
      legs: [
        { account: await this.ledger.walletOf(tx, deal.buyer), amountCents: -amount },
        { account: await this.ledger.escrowAccount(tx, deal.id), amountCents: amount },
      ],
    })
  }

  /** Provider clearing → escrow (paid at the provider's checkout). */
  async fundFromProvider(tx: EntityManager, deal: EscrowTransaction) {
    const amount = heldCents(deal)
    await this.ledger.transfer(tx, {
      kind: 'escrow_fund',
      idempotencyKey: dealKeys.fund(deal.id),
      memo: `Payment into escrow for ${transactionDisplayId(deal.id)} at the provider`,
      legs: [
        { account: await this.ledger.systemAccount(tx, 'provider_clearing'), amountCents: -amount },
        { account: await this.ledger.escrowAccount(tx, deal.id), amountCents: amount },
      ],
    })
  }

  /** Escrow → the seller's balance (the price) and platform fees (the escrow fee). */
  async release(tx: EntityManager, deal: EscrowTransaction) {
    await this.ledger.transfer(tx, {
      kind: 'escrow_release',
      idempotencyKey: dealKeys.release(deal.id),
      memo: `Funds released for ${transactionDisplayId(deal.id)}`,
      legs: [
        { account: await this.ledger.escrowAccount(tx, deal.id), amountCents: -heldCents(deal) },
        { account: await this.ledger.walletOf(tx, deal.seller), amountCents: deal.priceCents },
        ...(deal.escrowFeeCents > 0 ? [{ account: await this.ledger.systemAccount(tx, 'platform_fees'), amountCents: deal.escrowFeeCents }] : []),
      ],
    })
  }

  /** Escrow → the buyer's balance, all of it (price and escrow fee). */
  async refund(tx: EntityManager, deal: EscrowTransaction) {
    const amount = heldCents(deal)
    await this.ledger.transfer(tx, {
      kind: 'escrow_refund',
      idempotencyKey: dealKeys.refund(deal.id),
      memo: `Refund for ${transactionDisplayId(deal.id)}`,
      legs: [
        { account: await this.ledger.escrowAccount(tx, deal.id), amountCents: -amount },
        { account: await this.ledger.walletOf(tx, deal.buyer), amountCents: amount },
      ],
    })
  }

  /** A provider payment for a deal that no longer waits for it (lapsed, or paid another way): to the buyer's balance. */
  async creditUnmatched(tx: EntityManager, deal: EscrowTransaction, orderId: string, amountCents: number) {
    await this.ledger.transfer(tx, {
      kind: 'deposit',
      idempotencyKey: `order:${orderId}:credit`,
      memo: `Payment ${orderId} for ${transactionDisplayId(deal.id)} credited to the balance`,
      legs: [
        { account: await this.ledger.systemAccount(tx, 'provider_clearing'), amountCents: -amountCents },
        { account: await this.ledger.walletOf(tx, deal.buyer), amountCents: amountCents },
      ],
    })
  }

  /** The notification and live event of a wallet that changed in this transaction, with its new balance. */
  async balanceEffects(tx: EntityManager, userId: number, message: string, data: Record<string, unknown>): Promise<StepEffects> {
    return balanceEffects(userId, await this.ledger.walletBalance(tx, userId), message, data)
  }
}
