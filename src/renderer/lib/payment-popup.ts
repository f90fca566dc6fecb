import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { authKeys, balanceKeys, transactionKeys } from './query-keys'

/** What a payment return screen opened as a popup posts to this window (SPEC §4), as far as we act on it. */
export interface PaymentPopupMessage {
  type: 'trustap_payment_completed'
  status: string
  redirectTo: string | null
}

let returnScreenInPopup = false

/**
 * Whether this window is a payment popup showing its return screen, which tells the opener how the payment ended and
 * closes (SPEC §4): the screen marks it while mounted, so the live `payment_completed` the popup receives too does not
 * take it elsewhere first.
 */
export const popupReturnShowing = () => returnScreenInPopup
export function markPopupReturn(showing: boolean): void {
  returnScreenInPopup = showing
}

/** Only our own origin's message, and only an in-app path to go to (never `//host` or a full URL). */
export function readPopupMessage(event: Pick<MessageEvent, 'origin' | 'data'>, origin: string): PaymentPopupMessage | null {
  if (event.origin !== origin) return null
  const data: unknown = event.data
  if (!data || typeof data !== 'object' || (data as { type?: unknown }).type !== 'trustap_payment_completed') return null
  const { status, redirectTo } = data as { status?: unknown; redirectTo?: unknown }
  const path = typeof redirectTo === 'string' && redirectTo.startsWith('/') && !redirectTo.startsWith('//') ? redirectTo : null
  return { type: 'trustap_payment_completed', status: typeof status === 'string' ? status : 'unknown', redirectTo: path }
}

/** The opener's side: when the payment popup reports back, refresh money and deals and follow it. */
export function usePaymentPopupListener(): void {
  const client = useQueryClient()
  const navigate = useNavigate()
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = readPopupMessage(event, window.location.origin)
      if (!message) return
      for (const queryKey of [balanceKeys.all, transactionKeys.all, authKeys.me()]) void client.invalidateQueries({ queryKey })
      if (message.redirectTo) navigate(message.redirectTo)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [client, navigate])
}
