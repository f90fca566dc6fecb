import { useMutation } from '@tanstack/react-query'
import { checkoutSchema, type CheckoutDto, type ProviderMethod } from '@shared/api/payments'
import { transactionEndpoints } from '@shared/api/endpoints/transactions'
import { api, apiUrl } from '@/lib/api'
import { openProviderPage, providerReturn, type BrowserCheckout } from '@/lib/external-checkout'
import { idempotencyHeaders, type ActionKeys } from '@/lib/idempotency'
import { rememberCheckout } from '@/lib/payment-storage'

/** POST /api/transactions/{id}/checkout {method}: the provider's hosted page for paying this deal. */
export async function startCheckout(id: number, method: ProviderMethod, keys: ActionKeys): Promise<CheckoutDto> {
  const endpoint = transactionEndpoints.postTransactionsCheckout
  const body = { method, ...providerReturn() }
  const headers = idempotencyHeaders(keys, endpoint.method, apiUrl(endpoint, { params: { id } }), body)
  return checkoutSchema.parse(await api(endpoint, { params: { id }, body }, { headers }))
}

/**
 * Off to the provider (the system browser from the desktop app: answered); the return screen finds the order again
 * from the URL or, failing that, from storage (SPEC §3).
 */
export function goToCheckout(checkout: CheckoutDto, listingId: number, assign?: (url: string) => void): BrowserCheckout | null {
  rememberCheckout(checkout.orderId, listingId)
  return openProviderPage(checkout.checkoutUrl, assign)
}

export function useStartCheckout(keys: ActionKeys) {
  return useMutation({
    mutationFn: ({ id, method }: { id: number; method: ProviderMethod }) => startCheckout(id, method, keys),
  })
}
