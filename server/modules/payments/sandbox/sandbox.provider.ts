import { createHmac, randomBytes } from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { PROVIDER_METHODS, type ProviderMethod } from '@shared/api/payments'
import { processorFee } from '@shared/fees'
import type { PaymentOrder, Withdrawal } from '../payment.entities'
import {
  RefundRefused,
  type CreatedCheckout,
  type PaymentProvider,
  type PayoutResult,
  type ProviderQuote,
  type ProviderStatusReport,
  type RefundResult,
  type WebhookHint,
  type WebhookRequest,
} from '../payment-provider'
import { basicAuthMatches, deliveryKey } from '../provider-common'

export type SandboxOutcome = 'paid' | 'failed' | 'cancelled'

export const SANDBOX_WEBHOOK_USER = 'sandbox'

/**
 * A desktop checkout opens in the system browser, where nobody is signed in to Handover: its link carries this key
 * for the one attempt, so the page works as a real provider's hosted page does, without a Handover session.
 */
export const sandboxCheckoutKey = (secret: string, ref: string) =>
  createHmac('sha256', secret).update(`sandbox-desktop-checkout:${ref}`).digest('base64url')

interface SandboxRow {
  ref: string
  order_id: string
  outcome: SandboxOutcome | null
  amount_cents: string
  refunded: boolean
}

/**
 * The built-in provider (DESIGN.md "Payments"): its own hosted checkout page on this server, card and crypto
 * at the fees of `@shared/fees`, payouts recorded as sent. It keeps its side in its own tables (`sandbox_*`), so
 * asking it for an order's status reads what its checkout page was told, never the order's own status: the
 * same contract a real provider keeps.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const
  readonly methods = PROVIDER_METHODS

  constructor(private readonly deps: { publicUrl: string; secret: string; webhookPassword?: string }) {}

  async quote(method: ProviderMethod, amountCents: number): Promise<ProviderQuote> {
    return { processorFeeCents: processorFee(method, amountCents) }
  }

  /** A fresh reference per checkout, so a retried order never inherits an earlier attempt's outcome. */
  async createCheckout(em: EntityManager, order: PaymentOrder): Promise<CreatedCheckout> {
    const ref = `sbx_${randomBytes(12).toString('hex')}`
    await em.execute('insert into sandbox_payments (ref, order_id, amount_cents) values (?, ?, ?)', [ref, order.orderId, order.totalCents])
    const page = `${this.deps.publicUrl}/sandbox/checkout/${encodeURIComponent(order.orderId)}`
    const checkoutUrl = order.returnTo === 'desktop' ? `${page}?key=${sandboxCheckoutKey(this.deps.secret, ref)}` : page
    return { providerRef: ref, checkoutUrl }
  }

  /** The sandbox lives on this server; its side is its own table, so that table answering is its availability. */
  async checkAvailability(em: EntityManager): Promise<string> {
    const [row] = await em.execute<{ n: string }[]>('select count(*) as n from sandbox_payments')
    return `Built-in sandbox (card and crypto) on this server; ${row?.n ?? 0} checkout attempt(s) recorded`
  }

  async fetchOrderStatus(em: EntityManager, order: PaymentOrder): Promise<ProviderStatusReport> {
    const row = order.providerRef ? await this.find(em, order.providerRef) : null
    if (!row?.outcome) return { status: 'pending' }
    // a refunded payment reads as a real provider's cancelled-and-refunded one
    if (row.refunded) return { status: 'cancelled' }
    return { status: row.outcome, collectedCents: row.outcome === 'paid' ? Number(row.amount_cents) : undefined }
  }

  /** The checkout page's Cancel, pressed for the payer: a payment decided already stands, unless it was refunded. */
  async voidCheckout(em: EntityManager, order: PaymentOrder): Promise<'voided' | 'paid'> {
    if (!order.providerRef) return 'voided'
    await this.decide(em, order.providerRef, 'cancelled')
    const row = await this.find(em, order.providerRef)
    return row?.outcome === 'paid' && !row.refunded ? 'paid' : 'voided'
  }

  /** What the checkout page's buttons do: the first decision stands (a paid payment is not cancelled later). */
  async decide(em: EntityManager, ref: string, outcome: SandboxOutcome): Promise<SandboxOutcome | null> {
    await em.execute('update sandbox_payments set outcome = ?, decided_at = now() where ref = ? and outcome is null', [outcome, ref])
    return (await this.find(em, ref))?.outcome ?? null
  }

  async outcomeOf(em: EntityManager, ref: string): Promise<SandboxOutcome | null> {
    return (await this.find(em, ref))?.outcome ?? null
  }

  /**
   * The payment back to the payer, all of it or `amountCents` of it, recorded once: a retry finds it refunded and
   * refunds nothing again (and answers what the first refund gave back).
   */
  async refund(em: EntityManager, order: PaymentOrder, _reason: string, amountCents?: number): Promise<RefundResult> {
    const row = order.providerRef ? await this.find(em, order.providerRef) : null
    if (row?.outcome !== 'paid') throw new RefundRefused('The sandbox holds no payment for this order')
    const amount = Number(row.amount_cents)
    if (amountCents !== undefined && (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > amount))
      throw new RefundRefused(`The sandbox cannot refund ${amountCents} cents of a payment of ${amount}`)
    const [refunded] = await em.execute<{ refunded_cents: string }[]>(
      `update sandbox_payments set refunded_at = coalesce(refunded_at, now()), refunded_cents = coalesce(refunded_cents, ?)
       where ref = ? returning refunded_cents`,
      [amountCents ?? amount, row.ref],
    )
    return { refundedCents: Number(refunded!.refunded_cents), reference: `sandbox-refund-${row.ref}` }
  }

  /** Recorded once per withdrawal: an approval retried after a crash finds the payout already made. */
  async payout(em: EntityManager, withdrawal: Withdrawal): Promise<PayoutResult> {
    await em.execute(
      'insert into sandbox_payouts (withdrawal_id, amount_cents, destination) values (?, ?, ?) on conflict (withdrawal_id) do nothing',
      [withdrawal.id, withdrawal.amountCents, withdrawal.destination],
    )
    return { reference: `sandbox-payout-${withdrawal.id}` }
  }

  /** Body `{ id, order_id }` with Basic credentials `sandbox` and SANDBOX_WEBHOOK_PASSWORD; none accepted without one. */
  verifyWebhook(request: WebhookRequest): WebhookHint | null {
    const password = this.deps.webhookPassword
    if (!password || !basicAuthMatches(request.authorization, SANDBOX_WEBHOOK_USER, password)) return null
    const body = (request.body ?? {}) as { order_id?: unknown }
    return { eventKey: deliveryKey(this.name, request.body), orderId: typeof body.order_id === 'string' ? body.order_id : undefined }
  }

  private async find(em: EntityManager, ref: string): Promise<SandboxRow | null> {
    const rows = await em.execute<SandboxRow[]>(
      'select ref, order_id, outcome, amount_cents, refunded_at is not null as refunded from sandbox_payments where ref = ?',
      [ref],
    )
    return rows[0] ?? null
  }
}
