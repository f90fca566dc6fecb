import { useNavigate } from 'react-router-dom'
import type { TransactionDetailDto } from '@shared/api/transactions'
import type { PaymentMethod } from '@shared/fees'
import { paths } from '@/config/paths'
import { AFTER_PAYMENT_STATE } from '@/lib/chat-arrival'
import type { BrowserCheckout } from '@/lib/external-checkout'
import type { ActionKeys } from '@/lib/idempotency'
import { markOwnPurchase } from '@/lib/sounds'
import { goToCheckout, useStartCheckout } from '../api/start-checkout'
import { useTakeStep } from '../api/take-step'

type PayableDeal = Pick<TransactionDetailDto, 'id' | 'conversationId' | 'listing'>

/** Where a buyer lands once the money is in escrow (SPEC §2: the deal's chat), else the deal itself. */
export const afterPaymentPath = (deal: Pick<TransactionDetailDto, 'id' | 'conversationId'>) =>
  deal.conversationId !== null ? paths.chat(deal.conversationId) : paths.transaction(deal.id)

/**
 * Paying a reserved deal: from the balance (POST pay, then to the deal's chat) or at the provider (POST checkout,
 * then off to its hosted page; from the desktop app that page opens in the system browser and `pay` answers it).
 * The sound layer is told first, so the buyer's own purchase notifications stay quiet (SPEC §9).
 */
export function usePay(keys: ActionKeys) {
  const navigate = useNavigate()
  const step = useTakeStep(keys)
  const checkout = useStartCheckout(keys)

  const pay = async (deal: PayableDeal, method: PaymentMethod): Promise<BrowserCheckout | null> => {
    markOwnPurchase()
    if (method === 'balance') {
      const paid = await step.mutateAsync({ id: deal.id, action: 'pay' })
      markOwnPurchase()
      navigate(afterPaymentPath(paid), { state: AFTER_PAYMENT_STATE })
      return null
    }
    const started = await checkout.mutateAsync({ id: deal.id, method })
    return goToCheckout(started, deal.listing.id)
  }

  return {
    pay,
    isPending: step.isPending || checkout.isPending,
    error: step.error ?? checkout.error,
    reset: () => {
      step.reset()
      checkout.reset()
    },
  }
}
