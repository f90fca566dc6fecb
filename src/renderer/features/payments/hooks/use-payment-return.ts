import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { paths } from '@/config/paths'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/auth'
import { forgetCheckout, readStoredCheckout } from '@/lib/payment-storage'
import { markPopupReturn } from '@/lib/payment-popup'
import { authKeys, balanceKeys, transactionKeys } from '@/lib/query-keys'
import { markOwnPurchase } from '@/lib/sounds'
import { useCompletePayment } from '../api/complete-payment'
import { useVerifyPayment } from '../api/verify-payment'
import {
  knownOrderId,
  looksPaid,
  manualOrderId,
  noUserOutcome,
  outcomeOfManual,
  outcomeOfManualError,
  outcomeOfVerification,
  outcomeOfVerifyError,
  planReturn,
  popupMessage,
  depositRedirectMessage,
  RETURN_DELAYS,
  RETURN_TEXTS,
  type ReturnOutcome,
} from '../lib/return-flow'
import { cancelledPurchaseState } from '../lib/cancelled-purchase'
import { depositReturnState } from '../lib/deposit-return'
import { readReturnParams } from '../lib/return-params'

export type ReturnView =
  { phase: 'processing'; message: string; redirect: { to: string; delayMs: number } | null } | { phase: 'done'; outcome: ReturnOutcome }

/** The window that opened this one as a popup, if it is still there (reading it can throw across origins). */
function openerWindow(): Window | null {
  try {
    return window.opener && !(window.opener as Window).closed ? (window.opener as Window) : null
  } catch {
    return null
  }
}

const serverText = (error: unknown) => describeError(error, '') || null

/** What the page the screen goes to is told: a deposit's outcome on its balance, a cancelled purchase's deal at home. */
const arrivalState = (outcome: ReturnOutcome | null, to: string) =>
  to === paths.balance ? depositReturnState(outcome?.depositReturn ?? null) : cancelledPurchaseState(outcome?.cancelledPurchase ?? null)

/**
 * Runs the return screen: plans from the URL and storage, asks the server when it must, shows the outcome with
 * its toast, and then goes where the outcome says after its delay, or, in a popup, tells the opener and closes.
 */
export function usePaymentReturn() {
  const [search] = useSearchParams()
  const params = useMemo(() => readReturnParams(search), [search])
  const navigate = useNavigate()
  const client = useQueryClient()
  const { user } = useCurrentUser()
  const verify = useVerifyPayment()
  const complete = useCompletePayment()
  const [view, setView] = useState<ReturnView>({ phase: 'processing', message: RETURN_TEXTS.processing, redirect: null })
  const started = useRef(false)

  const finish = useCallback(
    (outcome: ReturnOutcome) => {
      setView({ phase: 'done', outcome })
      if (outcome.toast) toast(outcome.toast)
      if (outcome.state === 'success') {
        // the order is settled: a later visit must not verify it again
        forgetCheckout()
        if (outcome.paymentType === 'transaction') markOwnPurchase()
        for (const queryKey of [balanceKeys.all, transactionKeys.all, authKeys.me()]) void client.invalidateQueries({ queryKey })
      }
    },
    [client],
  )

  useEffect(() => {
    // once per visit: StrictMode runs effects twice, and a second verification would toast twice
    if (started.current) return
    started.current = true
    const plan = planReturn(params, readStoredCheckout())
    if (plan.kind === 'decided') return finish(plan.outcome)
    if (plan.kind === 'redirect') return setView({ phase: 'processing', message: plan.message, redirect: { to: plan.to, delayMs: plan.delayMs } })
    setView({
      phase: 'processing',
      message: looksPaid(params) ? 'Payment received. Confirming it with the provider…' : RETURN_TEXTS.processing,
      redirect: null,
    })
    verify.mutateAsync(plan.request).then(
      (response) => finish(outcomeOfVerification(plan, response)),
      (error: unknown) => finish(outcomeOfVerifyError(serverText(error), plan.orderType)),
    )
  }, [params, finish, verify])

  const redirect = view.phase === 'done' ? view.outcome.redirect : view.redirect
  const outcome = view.phase === 'done' ? view.outcome : null
  // a popup's screen is marked while it shows, so the live payment_completed does not take the popup to the chat
  useEffect(() => {
    if (!openerWindow()) return
    markPopupReturn(true)
    return () => markPopupReturn(false)
  }, [])

  useEffect(() => {
    const opener = openerWindow()
    // A popup tells its opener how every return ended, and closes: the opener follows and refreshes, whether the
    // return was decided, only sends on, or failed and stays (an error param alone: the opener shows the failure page).
    // Only a return that offers manual completion stays open, for the person to press it.
    const report = outcome ? (outcome.manual ? null : popupMessage(outcome)) : redirect ? depositRedirectMessage(redirect.to) : null
    if (opener && report) {
      opener.postMessage(report, window.location.origin)
      const timer = window.setTimeout(() => window.close(), RETURN_DELAYS.popupCloseMs)
      return () => window.clearTimeout(timer)
    }
    if (!redirect) return
    // replace: Back must not come here again and verify a second time
    const timer = window.setTimeout(() => navigate(redirect.to, { replace: true, state: arrivalState(outcome, redirect.to) }), redirect.delayMs)
    return () => window.clearTimeout(timer)
  }, [redirect, outcome, navigate])

  const completeManually = async () => {
    const orderId = manualOrderId(knownOrderId(params, readStoredCheckout()), user?.id ?? null, Date.now())
    if (!orderId) return finish(noUserOutcome())
    setView({ phase: 'processing', message: RETURN_TEXTS.processing, redirect: null })
    try {
      finish(outcomeOfManual(await complete.mutateAsync(orderId), orderId))
    } catch (error) {
      finish(outcomeOfManualError(serverText(error)))
    }
  }

  return {
    view,
    completeManually,
    goTo: (to: string) => navigate(to, { replace: true, state: arrivalState(outcome, to) }),
  }
}
