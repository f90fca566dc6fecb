import { useMutation } from '@tanstack/react-query'
import { checkoutSchema, type CheckoutDto, type ProviderMethod } from '@shared/api/payments'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { api, apiUrl } from '@/lib/api'
import { openProviderPage, providerReturn, type BrowserCheckout } from '@/lib/external-checkout'
import { idempotencyHeaders, type ActionKeys } from '@/lib/idempotency'
import { rememberCheckout } from '@/lib/payment-storage'

export interface DepositInput {
  /** dollars as typed, e.g. "25" or "25.50" */
  amount: string
  method: ProviderMethod
}

/** POST /api/payments/deposits {amount, method}: the provider's checkout for topping up the balance. */
export async function createDeposit(input: DepositInput, keys: ActionKeys): Promise<CheckoutDto> {
  const endpoint = paymentsEndpoints.postPaymentsDeposits
  const body = { amount: input.amount, method: input.method, ...providerReturn() }
  const answer = await api(endpoint, { body }, { headers: idempotencyHeaders(keys, endpoint.method, apiUrl(endpoint), body) })
  return checkoutSchema.parse(answer)
}

/**
 * Off to the provider (the system browser from the desktop app: answered); the order id is kept so the return screen
 * can verify it even without parameters (SPEC §4).
 */
export function goToDepositCheckout(checkout: CheckoutDto, assign?: (url: string) => void): BrowserCheckout | null {
  rememberCheckout(checkout.orderId, null)
  return openProviderPage(checkout.checkoutUrl, assign)
}

export function useCreateDeposit(keys: ActionKeys) {
  return useMutation({ mutationFn: (input: DepositInput) => createDeposit(input, keys) })
}
