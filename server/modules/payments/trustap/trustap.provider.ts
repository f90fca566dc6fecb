import type { EntityManager } from '@mikro-orm/postgresql'
import type { ProviderMethod } from '@shared/api/payments'
import { transactionDisplayId } from '@shared/format'
import type { TrustapConfig } from '../../../config'
import type { Logger } from '../../../logger'
import { User } from '../../users/user.entity'
import { TrustapAccount, type PaymentOrder } from '../payment.entities'
import {
  ProviderUnavailable,
  RefundRefused,
  type CheckoutBuyer,
  type CreatedCheckout,
  type PaymentProvider,
  type PayoutResult,
  type ProviderQuote,
  type ProviderStatusReport,
  type RefundResult,
  type WebhookHint,
  type WebhookRequest,
} from '../payment-provider'
import { basicAuthMatches, deliveryKey, encodeState, returnUrl } from '../provider-common'
import type { TrustapClient, TrustapP2PTransaction } from './trustap.client'

// face-to-face states (docs.trustap.com): from deposit_paid on, the buyer's money is at Trustap
const PAID = new Set([
  'deposit_paid',
  'deposit_accepted',
  'priced',
  'remainder_paid',
  'remainder_skipped',
  'buyer_handover_confirmed',
  'seller_handover_confirmed',
  'complained',
  'complaint_period_ended',
  'funds_released',
])
const CANCELLED = new Set(['rejected', 'cancelled', 'cancelled_with_deposit', 'deposit_refunded'])
// a paid deposit the seller may still cancel (and so refund): before any handover was confirmed
const REFUNDABLE = new Set(['deposit_paid', 'deposit_accepted', 'remainder_skipped'])
const REFUNDED = new Set(['cancelled_with_deposit', 'deposit_refunded'])
/** webhook codes that say the buyer paid (face-to-face and online transactions) */
const PAID_CODES = new Set(['p2p_tx.deposit_paid', 'basic_tx.paid'])

/** Trustap asks for a country with a guest user's terms acceptance; the currency's country is the best we know. */
const COUNTRY: Record<TrustapConfig['currency'], string> = { usd: 'us', eur: 'ie', gbp: 'gb', aud: 'au', cad: 'ca' }

export function toProviderStatus(tx: Pick<TrustapP2PTransaction, 'status' | 'deposit_pricing'>): ProviderStatusReport {
  if (PAID.has(tx.status))
    return { status: 'paid', collectedCents: tx.deposit_pricing.price + tx.deposit_pricing.charge, complained: tx.status === 'complained' }
  if (CANCELLED.has(tx.status)) return { status: 'cancelled' }
  return { status: 'pending' }
}

/**
 * Trustap as the payment provider (face-to-face model, which fits a digital handover). Handover holds the escrow
 * in its own ledger, so every checkout sells to the marketplace's own full Trustap user (TRUSTAP_SELLER_ID); the
 * buyer pays as a guest user. Trustap takes no crypto. Its "charge" (buyer protection fee) is the processor fee.
 */
export class TrustapProvider implements PaymentProvider {
  readonly name = 'trustap' as const
  readonly methods: readonly ProviderMethod[] = ['card']

  constructor(private readonly deps: { client: TrustapClient; config: TrustapConfig; publicUrl: string; logger: Logger }) {}

  async quote(_method: ProviderMethod, amountCents: number): Promise<ProviderQuote> {
    const charge = await this.deps.client.p2pCharge(amountCents)
    if (charge.price !== amountCents) throw new ProviderUnavailable('Trustap quoted another price')
    return { processorFeeCents: charge.charge, data: { chargeCalculatorVersion: charge.charge_calculator_version } }
  }

  async createCheckout(em: EntityManager, order: PaymentOrder, quote: ProviderQuote, buyer: CheckoutBuyer): Promise<CreatedCheckout> {
    const { client, config, publicUrl } = this.deps
    const buyerId = await this.guestUserFor(em, buyer)
    const description =
      order.transactionId !== null
        ? `Handover escrow payment ${transactionDisplayId(order.transactionId)}`
        : `Handover balance deposit ${order.orderId}`
    const tx = await client.createP2PWithGuestUser(config.sellerId!, {
      seller_id: config.sellerId,
      buyer_id: buyerId,
      creator_role: 'seller',
      currency: config.currency,
      description,
      deposit_price: order.amountCents,
      deposit_charge: quote.processorFeeCents,
      charge_calculator_version: quote.data?.chargeCalculatorVersion,
      // one payment for the whole amount: no remainder after a handover
      skip_remainder: true,
    })
    const providerRef = String(tx.id)
    // the return screen needs the order even if Trustap adds nothing to the redirect: it rides in redirect_uri
    const checkoutUrl = client.payDepositUrl(providerRef, returnUrl(publicUrl, order), encodeState(order))
    return { providerRef, checkoutUrl }
  }

  /** The fee on $1: authenticated with the API key, reads nothing and creates nothing. */
  async checkAvailability(_em: EntityManager, signal: AbortSignal): Promise<string> {
    const charge = await this.deps.client.p2pCharge(100, signal)
    return `Trustap API at ${this.deps.config.apiUrl} answered (charge calculator v${charge.charge_calculator_version}); no crypto`
  }

  async fetchOrderStatus(_em: EntityManager, order: PaymentOrder): Promise<ProviderStatusReport> {
    if (!order.providerRef) return { status: 'pending' }
    return toProviderStatus(await this.deps.client.getP2P(order.providerRef))
  }

  /**
   * Trustap pays sellers only through transactions they sell in; it has no documented way to send a balance to
   * someone. An approved withdrawal is therefore paid by an operator outside Handover, and recorded as such.
   */
  async payout(): Promise<PayoutResult> {
    return { reference: 'manual:trustap' }
  }

  /**
   * The marketplace is the seller, so it cancels a transaction not paid yet. A payment that lands between the read and
   * the cancel is refused by Trustap's state machine, or refunded by the cancel (a cancelled paid deposit goes back to
   * the buyer): either way no money is left on an attempt the order no longer names.
   */
  async voidCheckout(_em: EntityManager, order: PaymentOrder): Promise<'voided' | 'paid'> {
    const { client, config } = this.deps
    if (!order.providerRef) return 'voided'
    const fate = (tx: TrustapP2PTransaction) => (PAID.has(tx.status) ? 'paid' : CANCELLED.has(tx.status) ? 'voided' : null)
    const before = fate(await client.getP2P(order.providerRef))
    if (before) return before
    try {
      return fate(await client.cancelWithDescription(order.providerRef, config.sellerId!, 'Replaced by a new checkout on Handover')) ?? 'voided'
    } catch (err) {
      // refused: paid meanwhile, or cancelled by someone else
      const after = fate(await client.getP2P(order.providerRef))
      if (after) return after
      throw err
    }
  }

  /**
   * The marketplace is the seller, so it cancels the transaction with the reason; Trustap then returns the deposit to
   * the buyer, less its own fee. A transaction cancelled already (a retry) is not cancelled again. Trustap's cancel
   * has no partial form: what it gives back is the deposit's price, which for a deal is its price and escrow fee
   * (Trustap's charge is the processor fee), so a deal's `amountCents` is what it gives back.
   */
  async refund(_em: EntityManager, order: PaymentOrder, reason: string): Promise<RefundResult> {
    const { client, config } = this.deps
    if (!order.providerRef) throw new RefundRefused('Trustap holds no payment for this order')
    const tx = await client.getP2P(order.providerRef)
    if (!REFUNDED.has(tx.status)) {
      if (!REFUNDABLE.has(tx.status))
        throw new RefundRefused(
          `Trustap reports the transaction ${tx.status}: it cannot be cancelled from Handover, refund it in Trustap's dashboard`,
        )
      await client.cancelWithDescription(order.providerRef, config.sellerId!, reason)
    }
    return { refundedCents: tx.deposit_pricing.price, reference: `trustap-cancel-${order.providerRef}` }
  }

  /** Basic credentials chosen at webhook setup; the body (code, target_id, …) is only a hint to fetch the transaction. */
  verifyWebhook(request: WebhookRequest): WebhookHint | null {
    const webhook = this.deps.config.webhook
    if (!webhook || !basicAuthMatches(request.authorization, webhook.user, webhook.password)) return null
    const body = (request.body ?? {}) as { target_id?: unknown; code?: unknown }
    const target = typeof body.target_id === 'string' || typeof body.target_id === 'number' ? String(body.target_id) : undefined
    return {
      eventKey: deliveryKey(this.name, request.body),
      providerRef: target,
      claimsPaid: typeof body.code === 'string' && PAID_CODES.has(body.code),
    }
  }

  /** The marketplace is the seller: accept the deposit and confirm the handover, so the complaint period starts. */
  async settle(order: PaymentOrder): Promise<void> {
    const { client, config } = this.deps
    if (!order.providerRef) return
    const tx = await client.getP2P(order.providerRef)
    if (tx.status === 'deposit_paid') await client.acceptDeposit(order.providerRef, config.sellerId!)
    if (['deposit_paid', 'deposit_accepted', 'remainder_skipped', 'buyer_handover_confirmed'].includes(tx.status)) {
      await client.confirmHandover(order.providerRef, config.sellerId!)
    }
  }

  /** A dispute the escrow core escalates to Trustap, lodged as the buyer (a guest user) within the complaint period. */
  async complain(em: EntityManager, order: PaymentOrder, description: string): Promise<void> {
    const account = await em.findOne(TrustapAccount, { user: order.user.id })
    if (!order.providerRef || !account?.guestUserId) throw new ProviderUnavailable(`order ${order.orderId} has no Trustap buyer`)
    await this.deps.client.complainAsGuestBuyer(order.providerRef, account.guestUserId, description)
  }

  /** One guest user per Handover user, created on their first checkout and kept. */
  private async guestUserFor(em: EntityManager, buyer: CheckoutBuyer): Promise<string> {
    const existing = await em.findOne(TrustapAccount, { user: buyer.id })
    if (existing?.guestUserId) return existing.guestUserId
    const guest = await this.deps.client.createGuestUser({
      email: buyer.email,
      first_name: buyer.username,
      last_name: 'Handover',
      country_code: COUNTRY[this.deps.config.currency],
      tos_acceptance: { unix_timestamp: Math.floor(Date.now() / 1000), ip: buyer.ip },
    })
    await em.execute(
      `insert into trustap_accounts (user_id, guest_user_id, updated_at) values (?, ?, now())
       on conflict (user_id) do update set guest_user_id = coalesce(trustap_accounts.guest_user_id, excluded.guest_user_id), updated_at = now()`,
      [buyer.id, guest.id],
    )
    const saved = await em.findOneOrFail(TrustapAccount, { user: em.getReference(User, buyer.id) }, { refresh: true })
    return saved.guestUserId!
  }
}
