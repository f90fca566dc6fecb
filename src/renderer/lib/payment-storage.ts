import { purchaseOrderId } from '@shared/api/payments'

/**
 * What the payment return screen needs to remember across the trip to the provider's page (SPEC §3 local
 * storage keys): the order being paid and, for a purchase, the listing ("account") bought. Blocked storage
 * (private mode, a locked-down browser) only loses the fallback, never the payment.
 */
export const PAYMENT_STORAGE_KEYS = { orderId: 'trustap_order_id', accountId: 'purchase_account_id' } as const

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

export function rememberCheckout(orderId: string, accountId?: number | string | null): void {
  const store = storage()
  if (!store) return
  try {
    store.setItem(PAYMENT_STORAGE_KEYS.orderId, orderId)
    if (accountId == null) store.removeItem(PAYMENT_STORAGE_KEYS.accountId)
    else store.setItem(PAYMENT_STORAGE_KEYS.accountId, String(accountId))
  } catch {
    // full or blocked storage: the return URL still names the order
  }
}

export interface StoredCheckout {
  orderId: string | null
  accountId: string | null
}

export function readStoredCheckout(): StoredCheckout {
  const store = storage()
  try {
    return { orderId: store?.getItem(PAYMENT_STORAGE_KEYS.orderId) || null, accountId: store?.getItem(PAYMENT_STORAGE_KEYS.accountId) || null }
  } catch {
    return { orderId: null, accountId: null }
  }
}

/** Once an order is settled its id must not be verified again by a later visit to the return screen. */
export function forgetCheckout(): void {
  const store = storage()
  try {
    store?.removeItem(PAYMENT_STORAGE_KEYS.orderId)
    store?.removeItem(PAYMENT_STORAGE_KEYS.accountId)
  } catch {
    // nothing to clean in blocked storage
  }
}

/** Whether this browser opened a checkout for the deal that no return screen has settled yet: it may still be paid. */
export function checkoutOpenFor(transactionId: number): boolean {
  return readStoredCheckout().orderId === purchaseOrderId(transactionId)
}
