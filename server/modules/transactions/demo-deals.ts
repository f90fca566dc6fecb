import type { EntityManager } from '@mikro-orm/postgresql'
import { purchaseOrderId } from '@shared/api/payments'
import { DEFAULT_SETTINGS } from '@shared/api/settings'
import type { TransactionStatus } from '@shared/api/transactions'
import { escrowFee, processorFee } from '@shared/fees'
import type { LedgerService } from '../ledger/ledger.service'
import { Listing } from '../listings/listing.entity'
import { PaymentOrder } from '../payments/payment.entities'
import type { User } from '../users/user.entity'
import { dealChat } from './deal-chat'
import { EscrowTransaction, EscrowTransactionEvent } from './transactions.entities'
import { EscrowMoney, heldCents } from './transactions.money'

const HOUR_MS = 60 * 60 * 1000

/** Each step's hours after the purchase, who took it, and its timeline line. */
const STEPS: readonly [TransactionStatus, number, 'buyer' | 'seller', (deal: EscrowTransaction) => string][] = [
  ['pending', 0, 'buyer', (deal) => dealChat.startedTimeline(deal.buyer.username)],
  ['fee_paid', 1, 'buyer', (deal) => dealChat.paidAtProvider(deal.buyer.username, 'card')],
  ['invite_sent', 6, 'seller', (deal) => dealChat.inviteSent(deal.seller.username)],
  ['access_granted', 20, 'buyer', (deal) => dealChat.accessConfirmed(deal.buyer.username)],
  ['countdown_started', 26, 'seller', (deal) => dealChat.countdownStarted(deal.countdownDays, deal.closedAt!)],
]

/** When a demo deal's step happened: hours after its purchase. */
export const demoStepAt = (deal: Pick<EscrowTransaction, 'createdAt'>, hours: number) => new Date(deal.createdAt.getTime() + hours * HOUR_MS)

/**
 * The demo's sales history as the deals they were: every sold demo listing was bought by another demo member, paid by
 * card at the provider's checkout (its order `trans_{id}`, credited), handed over step by step, and completed when its
 * countdown ended with the sale. Its money moved as a live deal's does, at the times it happened: provider clearing →
 * the deal's escrow → the seller's balance and platform fees. So every figure the site shows (home, dashboard, top
 * sellers, seller pages, profiles, deal lists, balances) counts the same sales. Called inside the demo seeding
 * transaction, after the listings; answers the deals in the order they happened.
 */
export async function seedDemoDeals(tx: EntityManager, ledger: LedgerService, members: User[]): Promise<EscrowTransaction[]> {
  const sold = await tx.find(Listing, { status: 'sold' }, { orderBy: { soldAt: 'asc', id: 'asc' }, populate: ['seller'] })
  const money = new EscrowMoney(ledger)
  const deals: EscrowTransaction[] = []
  for (const [n, listing] of sold.entries()) {
    const candidates = members.filter((member) => member.id !== listing.seller.id)
    if (candidates.length === 0 || !listing.soldAt) continue
    const buyer = candidates[n % candidates.length]!
    const closedAt = listing.soldAt
    const countdownDays = DEFAULT_SETTINGS.countdownDays[listing.platform]
    // the countdown starts 26 hours in (STEPS) and ends with the sale
    const createdAt = new Date(closedAt.getTime() - (26 + countdownDays * 24) * HOUR_MS)
    const deal = tx.create(EscrowTransaction, {
      listing,
      buyer,
      seller: listing.seller,
      status: 'completed',
      priceCents: listing.priceCents,
      escrowFeeCents: escrowFee(listing.priceCents, DEFAULT_SETTINGS),
      paymentMethod: 'card',
      countdownDays,
      countdownEndsAt: closedAt,
      createdAt,
      updatedAt: closedAt,
      paidAt: demoStepAt({ createdAt }, 1),
      closedAt,
    })
    deals.push(deal)
  }
  // ids first: the order, the ledger's escrow accounts and the timeline name the deal
  await tx.flush()
  for (const deal of deals) {
    const paidAt = deal.paidAt!
    const amountCents = heldCents(deal)
    const fee = processorFee('card', amountCents)
    tx.create(PaymentOrder, {
      orderId: purchaseOrderId(deal.id),
      user: deal.buyer,
      kind: 'purchase',
      transactionId: deal.id,
      provider: 'sandbox',
      method: 'card',
      amountCents,
      processorFeeCents: fee,
      totalCents: amountCents + fee,
      status: 'credited',
      sellerId: deal.seller.id,
      createdAt: deal.createdAt,
      updatedAt: paidAt,
      paidAt,
      creditedAt: paidAt,
    })
    for (const [status, hours, actorRole, note] of STEPS) {
      const actor = actorRole === 'buyer' ? deal.buyer : deal.seller
      tx.create(EscrowTransactionEvent, { transaction: deal, status, actor, actorRole, note: note(deal), createdAt: demoStepAt(deal, hours) })
    }
    tx.create(EscrowTransactionEvent, {
      transaction: deal,
      status: 'completed',
      actorRole: 'system',
      note: dealChat.countdownEnded,
      createdAt: deal.closedAt!,
    })
    await money.fundFromProvider(tx, deal, paidAt)
    await money.release(tx, deal, deal.closedAt!)
  }
  await tx.flush()
  return deals
}
