import { createHash, timingSafeEqual } from 'node:crypto'
import { DESKTOP_RETURN_URLS } from '@shared/api/payments'
import type { PaymentOrder } from './payment.entities'
import { canonicalJson } from '../../http/canonical-json'

/** Compared in constant time, so a wrong guess takes as long as a nearly right one. */
function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest()
  const y = createHash('sha256').update(b).digest()
  return timingSafeEqual(x, y)
}

/** `Authorization: Basic …` carrying exactly these credentials (how providers sign their webhooks). */
export function basicAuthMatches(header: string | undefined, user: string, password: string): boolean {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header?.trim() ?? '')
  if (!match) return false
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return false
  // both compared, always, so timing does not tell which half was wrong
  const userOk = sameSecret(decoded.slice(0, colon), user)
  const passwordOk = sameSecret(decoded.slice(colon + 1), password)
  return userOk && passwordOk
}

/** A webhook delivery's identity: providers resend the same body, so its hash recognises a replay. */
export const deliveryKey = (provider: string, body: unknown) =>
  createHash('sha256')
    .update(`${provider}\n${canonicalJson(body)}`)
    .digest('hex')

/** The spec's `state`: base64 of JSON naming the order (SPEC §3), so the return screen knows it even without order_id. */
export function encodeState(order: Pick<PaymentOrder, 'orderId' | 'kind'>): string {
  return Buffer.from(JSON.stringify({ orderId: order.orderId, type: order.kind === 'deposit' ? 'deposit' : 'transaction' })).toString('base64')
}

/** The order id in a returned `state` (base64 JSON, or JSON as is); null when it names none. */
export function decodeState(state: string | undefined): string | null {
  if (!state) return null
  for (const text of [Buffer.from(state, 'base64').toString('utf8'), state]) {
    try {
      const parsed: unknown = JSON.parse(text)
      if (parsed && typeof parsed === 'object' && typeof (parsed as { orderId?: unknown }).orderId === 'string')
        return (parsed as { orderId: string }).orderId
    } catch {
      // not JSON in this form: try the next
    }
  }
  return null
}

export type ReturnOutcome = 'paid' | 'failed' | 'cancelled'

const OUTCOME_PARAMS: Record<ReturnOutcome, Record<string, string>> = {
  paid: { status: 'paid', code: 'paid', trustap_status: 'ok' },
  failed: { status: 'failed', code: 'failed', trustap_status: 'error', error: 'The payment was declined' },
  cancelled: { status: 'cancelled', code: 'cancelled', trustap_status: 'cancelled' },
}

/**
 * Where a provider sends the browser back (SPEC §2 /payment/trustap/return with the §3 parameters). Only hints:
 * the return screen asks the server to verify, and the server asks the provider. A checkout opened from the
 * desktop app returns to its `handover://` link with the same parameters, which the app opens on that route.
 */
export function returnUrl(publicUrl: string, order: PaymentOrder, outcome?: ReturnOutcome): string {
  const type = order.kind === 'deposit' ? 'deposit' : 'transaction'
  const params = new URLSearchParams({
    order_id: order.orderId,
    type,
    payment_type: type,
    state: encodeState(order),
    ...(order.transactionId !== null
      ? { transaction_id: String(order.transactionId) }
      : order.providerRef
        ? { transaction_id: order.providerRef }
        : {}),
    ...(order.providerRef ? { tx_id: order.providerRef } : {}),
    ...(outcome ? OUTCOME_PARAMS[outcome] : {}),
  })
  const base = order.returnTo === 'desktop' ? DESKTOP_RETURN_URLS.payment : `${publicUrl}/payment/trustap/return`
  return `${base}?${params.toString()}`
}
