import {
  depositOrderId,
  dollarsToCents as toCents,
  PAYMENT_MESSAGES,
  PURCHASE_ORDER_PATTERN,
  type VerifyPaymentRequest,
  type VerifyPaymentResponse,
} from '@shared/api/payments'
import { REDIRECT_DELAYS } from '@shared/constants'
import { centsToDecimalString } from '@shared/money'
import { formatBalance } from '@/lib/money-display'
import type { ToastVariant } from '@/hooks/use-toast'
import type { DepositReturn } from './deposit-return'
import { inferOrderType, returnedOrderId, type OrderType, type ReturnParams } from './return-params'

/**
 * The payment return screen's decisions (SPEC §2 "Payment return screen", §4 "Payment return", §8 payment texts)
 * as plain functions: the URL and what was stored before leaving for the provider go in, what to show, which
 * toast, where to go and after how long come out. The screen only runs them.
 */

export const RETURN_TEXTS = {
  processing: 'Verifying your payment…',
  cancelled: 'Payment was cancelled. No charges have been made.',
  notCompleted: 'Payment was not completed. Please try again.',
  verificationFailed: 'Payment verification failed',
  verifyError: 'Failed to verify payment',
  verificationRequired: 'Payment verification required. Please use manual processing if payment was completed.',
  userUnknown: 'Unable to identify user for payment completion',
  manualFailed: 'Manual payment completion failed',
  manualError: 'Error completing payment manually',
  depositProcessing: 'Your deposit is being processed. Taking you to your balance…',
  depositDone: (amount: string) => `Your deposit of ${amount} is in your balance.`,
  depositDoneNoAmount: 'Your deposit is in your balance.',
  purchaseDone: 'Payment received: your purchase is now protected by escrow.',
  purchaseToBalance: (amount: string) => `The purchase had ended before your payment arrived, so ${amount} was added to your balance instead.`,
  failed: (error: string) => `Payment failed: ${error}`,
} as const

export const RETURN_TOAST_TITLES = {
  failed: 'Payment Failed',
  cancelled: 'Payment Cancelled',
  notCompleted: 'Payment Not Completed',
  verificationFailed: 'Verification Failed',
  verifyError: 'Verification Error',
  success: 'Payment Successful',
  manualFailed: 'Manual payment completion failed',
  manualError: 'Error completing payment manually',
} as const

/** SPEC §9 redirect delays, by what they are for. */
export const RETURN_DELAYS = {
  /** cancelled → home, or a deposit's balance */
  cancelledMs: REDIRECT_DELAYS.long,
  /** failed → /payment-failed, a deposit without ids → /balance, a popup closing itself */
  failedMs: REDIRECT_DELAYS.medium,
  depositWithoutIdsMs: REDIRECT_DELAYS.medium,
  popupCloseMs: REDIRECT_DELAYS.medium,
  /** after a verified payment: long enough to read the message, Continue goes at once */
  successMs: REDIRECT_DELAYS.medium,
} as const

export interface ReturnToast {
  variant: ToastVariant
  title: string
  description: string
}

export type PaymentDetails = NonNullable<VerifyPaymentResponse['details']>

/** Where the screen ends up: its state, words, toast, where it goes on its own, and whether manual completion is offered. */
export interface ReturnOutcome {
  state: 'success' | 'error'
  /** for the opener of a popup: success, cancelled or failed */
  status: 'success' | 'cancelled' | 'failed'
  message: string
  toast: ReturnToast | null
  redirect: { to: string; delayMs: number } | null
  /**
   * the Continue button's target on success; on a failure that stays on screen (an error param alone), the failure page
   * a popup's opener goes to, since the popup closes
   */
  continueTo: string | null
  manual: boolean
  paymentType: OrderType | null
  details: PaymentDetails | null
  /** a cancelled purchase's deal (order `trans_{id}`): home is told of it, since its reservation may still hold */
  cancelledPurchase: number | null
  /** a deposit paid or cancelled: /balance, where it goes, says so */
  depositReturn: DepositReturn | null
}

/** What to do first: decide at once, or ask the server. */
export type ReturnPlan =
  | { kind: 'decided'; outcome: ReturnOutcome }
  | { kind: 'redirect'; message: string; to: string; delayMs: number }
  | { kind: 'verify'; request: VerifyPaymentRequest; orderType: OrderType | null; providerPaid: boolean; params: ReturnParams }

export interface StoredIds {
  orderId: string | null
  accountId: string | null
}

const CANCELLED_STATUSES = ['cancelled', 'canceled']
const SUCCESS_STATUSES = ['success', 'completed', 'paid']
const mentionsCancel = (text: string | null) => text !== null && /cancell?ed/i.test(text)

/** SPEC §4 success: trustap_status=ok with code=paid, or status success/completed/paid. */
export function looksPaid(params: Pick<ReturnParams, 'trustapStatus' | 'code' | 'status'>): boolean {
  return (params.trustapStatus === 'ok' && params.code === 'paid') || (params.status !== null && SUCCESS_STATUSES.includes(params.status))
}

/** The provider itself said paid (trustap_status=ok, code=paid): a purchase's outcome page /payment-success follows. */
export const providerSaysPaid = (params: Pick<ReturnParams, 'trustapStatus' | 'code'>) => params.trustapStatus === 'ok' && params.code === 'paid'

function query(values: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(values)) if (value) search.set(name, value)
  const text = search.toString()
  return text ? `?${text}` : ''
}

export const paymentFailedPath = (reason: string, error: string | null, txId: string | null) =>
  `/payment-failed${query({ reason, error, tx_id: txId })}`
export const paymentSuccessPath = (type: OrderType | null, txId: string | null, orderId: string | null) =>
  `/payment-success${query({ type, tx_id: txId, order_id: orderId })}`

/** The deal an order id names when it is a purchase's (`trans_{id}`), else null. */
function purchaseOf(orderId: string | null | undefined): number | null {
  const match = orderId ? PURCHASE_ORDER_PATTERN.exec(orderId) : null
  return match ? Number(match[1]) : null
}

/**
 * SPEC §4 cancelled: its text, toast and 2 s, then home; a deposit goes back to its balance instead, where the Deposit
 * button is and the page says the same words, rather than home, which knows nothing of deposits.
 */
function cancelledOutcome(paymentType: OrderType | null, orderId: string | null | undefined): ReturnOutcome {
  const deposit = paymentType === 'deposit'
  return {
    state: 'error',
    status: 'cancelled',
    message: RETURN_TEXTS.cancelled,
    toast: { variant: 'warning', title: RETURN_TOAST_TITLES.cancelled, description: RETURN_TEXTS.cancelled },
    redirect: { to: deposit ? '/balance' : '/', delayMs: RETURN_DELAYS.cancelledMs },
    continueTo: null,
    manual: false,
    paymentType,
    details: null,
    cancelledPurchase: paymentType === 'transaction' ? purchaseOf(orderId) : null,
    depositReturn: deposit ? { outcome: 'cancelled' } : null,
  }
}

function errorOutcome(message: string, toast: ReturnToast | null, options: Partial<ReturnOutcome> = {}): ReturnOutcome {
  return {
    state: 'error',
    status: 'failed',
    message,
    toast,
    redirect: null,
    continueTo: null,
    manual: false,
    paymentType: null,
    details: null,
    cancelledPurchase: null,
    depositReturn: null,
    ...options,
  }
}

/**
 * The first decision, from the URL and the stored ids alone (SPEC §4):
 * cancelled → home (a deposit: /balance) after 2 s; an error or a failed/non-ok status → "Payment failed: {error}"
 * and /payment-failed after 1.5 s for a failed status; no parameters → verify the stored order as a deposit, or ask
 * for manual processing; a deposit with no ids → /balance after 1.5 s; anything else → verify with the server.
 */
export function planReturn(params: ReturnParams, stored: StoredIds): ReturnPlan {
  const orderId = returnedOrderId(params)
  const orderType = inferOrderType(params, orderId)

  if ((params.status !== null && CANCELLED_STATUSES.includes(params.status)) || mentionsCancel(params.error)) {
    return { kind: 'decided', outcome: cancelledOutcome(orderType, orderId) }
  }

  const failedStatus = params.status === 'failed' || (params.trustapStatus !== null && params.trustapStatus !== 'ok')
  if (params.error !== null || failedStatus) {
    const message = params.error !== null ? RETURN_TEXTS.failed(params.error) : RETURN_TEXTS.notCompleted
    const title = params.error !== null ? RETURN_TOAST_TITLES.failed : RETURN_TOAST_TITLES.notCompleted
    // a deposit's transaction id is the provider's reference, not a deal of ours: trying again starts at the balance
    const dealId = orderType === 'deposit' ? null : params.transactionId
    const failedPage = paymentFailedPath(params.status ?? params.trustapStatus ?? 'failed', params.error, dealId)
    const redirect = failedStatus ? { to: failedPage, delayMs: RETURN_DELAYS.failedMs } : null
    return {
      kind: 'decided',
      outcome: errorOutcome(
        message,
        { variant: 'destructive', title, description: message },
        { redirect, continueTo: redirect ? null : failedPage, paymentType: orderType },
      ),
    }
  }

  const accountId = stored.accountId ?? undefined
  if (!params.hasAny) {
    if (stored.orderId) {
      return {
        kind: 'verify',
        request: { order_id: stored.orderId, type: 'deposit', account_id: accountId },
        orderType: 'deposit',
        providerPaid: false,
        params,
      }
    }
    return { kind: 'decided', outcome: errorOutcome(RETURN_TEXTS.verificationRequired, null, { manual: true }) }
  }

  if (orderId === null && params.transactionId === null) {
    if (orderType === 'deposit')
      return { kind: 'redirect', message: RETURN_TEXTS.depositProcessing, to: '/balance', delayMs: RETURN_DELAYS.depositWithoutIdsMs }
    if (stored.orderId) {
      return {
        kind: 'verify',
        request: {
          order_id: stored.orderId,
          type: inferOrderType(params, stored.orderId) ?? undefined,
          state: params.state ?? undefined,
          account_id: accountId,
        },
        orderType: inferOrderType(params, stored.orderId),
        providerPaid: providerSaysPaid(params),
        params,
      }
    }
    return { kind: 'decided', outcome: errorOutcome(RETURN_TEXTS.verificationRequired, null, { manual: true, paymentType: orderType }) }
  }

  return {
    kind: 'verify',
    request: {
      transaction_id: params.transactionId ?? undefined,
      order_id: orderId ?? undefined,
      type: orderType ?? undefined,
      state: params.state ?? undefined,
      account_id: accountId,
    },
    orderType,
    providerPaid: providerSaysPaid(params),
    params,
  }
}

/**
 * After a verified payment (SPEC §2): a deposit goes to /balance; otherwise the conversation, else a chat with
 * the seller, else the deal, else the list of deals. When the provider's own return said paid, a purchase goes to the
 * outcome page /payment-success first.
 */
export function successTarget(type: OrderType | null, details: PaymentDetails | null, fallbackTxId: string | null): string {
  if (type === 'deposit') return '/balance'
  if (details?.conversationId !== undefined) return `/messages?conversation=${details.conversationId}`
  if (details?.sellerId !== undefined) return `/messages?user=${details.sellerId}`
  const txId = details?.transaction_id !== undefined ? String(details.transaction_id) : fallbackTxId
  if (txId && /^\d+$/.test(txId)) return `/transaction/${txId}`
  return '/transactions'
}

const amountCents = (details: PaymentDetails | null) => (details?.amount !== undefined ? toCents(details.amount) : null)

function successMessage(type: OrderType | null, details: PaymentDetails | null): string {
  const cents = amountCents(details)
  if (type === 'deposit')
    return cents !== null ? RETURN_TEXTS.depositDone(formatBalance(centsToDecimalString(cents))) : RETURN_TEXTS.depositDoneNoAmount
  if (details?.to_balance) return RETURN_TEXTS.purchaseToBalance(cents !== null ? formatBalance(centsToDecimalString(cents)) : 'the payment')
  return RETURN_TEXTS.purchaseDone
}

export function successOutcome(
  details: PaymentDetails | null,
  plan: { orderType: OrderType | null; providerPaid: boolean; txId: string | null; orderId: string | null },
): ReturnOutcome {
  const type = details?.type ?? plan.orderType
  const continueTo = successTarget(type, details, plan.txId)
  const txId = details?.transaction_id !== undefined ? String(details.transaction_id) : plan.txId
  // A payment that went to the balance is not a purchase held in escrow: the balance shows where it is. A deposit
  // goes there too (SPEC §2), past /payment-success, whose only way on was the balance: the page shows the new figure.
  const toBalance = details?.to_balance || type === 'deposit'
  const to = toBalance ? '/balance' : plan.providerPaid ? paymentSuccessPath(type, txId, details?.order_id ?? plan.orderId) : continueTo
  const message = successMessage(type, details)
  const cents = amountCents(details)
  return {
    state: 'success',
    status: 'success',
    message,
    toast: { variant: 'success', title: RETURN_TOAST_TITLES.success, description: message },
    redirect: { to, delayMs: RETURN_DELAYS.successMs },
    continueTo: to,
    manual: false,
    paymentType: type,
    details,
    cancelledPurchase: null,
    depositReturn: type === 'deposit' ? { outcome: 'paid', amount: cents !== null ? centsToDecimalString(cents) : null } : null,
  }
}

/** The server's answer to verify-payment: credited, or why not ("Payment verification failed" or its own error). */
export function outcomeOfVerification(plan: Extract<ReturnPlan, { kind: 'verify' }>, response: VerifyPaymentResponse): ReturnOutcome {
  const details = response.details ?? null
  if (response.success) {
    return successOutcome(details, {
      orderType: plan.orderType,
      providerPaid: plan.providerPaid,
      txId: plan.params.transactionId,
      orderId: plan.request.order_id ?? null,
    })
  }
  const error = response.error || RETURN_TEXTS.verificationFailed
  const type = details?.type ?? plan.orderType
  if (error === PAYMENT_MESSAGES.cancelled) return cancelledOutcome(type, plan.request.order_id)
  const title = error === PAYMENT_MESSAGES.notPaid ? RETURN_TOAST_TITLES.notCompleted : RETURN_TOAST_TITLES.verificationFailed
  return errorOutcome(error, { variant: 'destructive', title, description: error }, { manual: true, paymentType: type, details })
}

/** Verification did not answer at all (network, 5xx, an order that is not the viewer's). */
export function outcomeOfVerifyError(serverMessage: string | null, orderType: OrderType | null): ReturnOutcome {
  return errorOutcome(
    RETURN_TEXTS.verifyError,
    { variant: 'destructive', title: RETURN_TOAST_TITLES.verifyError, description: serverMessage ?? RETURN_TEXTS.verifyError },
    { manual: true, paymentType: orderType },
  )
}

/** SPEC §4 manual completion: the order we know of, else a deposit id built from the user and the time; null without a user. */
export function manualOrderId(known: string | null, userId: number | null, nowMs: number): string | null {
  if (known) return known
  if (userId === null) return null
  return depositOrderId(userId, Math.floor(nowMs / 1000))
}

/** complete-payment answered: success like a verification, else "Manual payment completion failed". */
export function outcomeOfManual(
  response: { success: boolean; details?: PaymentDetails; error?: string; message?: string },
  orderId: string,
): ReturnOutcome {
  const orderType = inferOrderType({ orderId, type: null, paymentType: null, state: null })
  if (response.success) return successOutcome(response.details ?? null, { orderType, providerPaid: false, txId: null, orderId })
  const description = response.error || response.message || RETURN_TEXTS.manualFailed
  return errorOutcome(
    description,
    { variant: 'destructive', title: RETURN_TOAST_TITLES.manualFailed, description },
    { manual: true, paymentType: response.details?.type ?? orderType, details: response.details ?? null },
  )
}

export function outcomeOfManualError(serverMessage: string | null): ReturnOutcome {
  const description = serverMessage ?? RETURN_TEXTS.manualError
  return errorOutcome(RETURN_TEXTS.manualError, { variant: 'destructive', title: RETURN_TOAST_TITLES.manualError, description }, { manual: true })
}

export const noUserOutcome = (): ReturnOutcome =>
  errorOutcome(
    RETURN_TEXTS.userUnknown,
    { variant: 'destructive', title: RETURN_TOAST_TITLES.manualFailed, description: RETURN_TEXTS.userUnknown },
    { manual: true },
  )

/** The message a popup posts to the window that opened it (SPEC §4). */
export interface PopupMessage {
  type: 'trustap_payment_completed'
  status: ReturnOutcome['status']
  paymentType: OrderType | null
  details: PaymentDetails | null
  redirectTo: string | null
}

export function popupMessage(outcome: ReturnOutcome): PopupMessage {
  return {
    type: 'trustap_payment_completed',
    status: outcome.status,
    paymentType: outcome.paymentType,
    details: outcome.details,
    redirectTo: outcome.redirect?.to ?? outcome.continueTo,
  }
}

/** A popup's message for the one return that goes on without an outcome, a deposit with no ids: to the balance it went to. */
export function depositRedirectMessage(to: string): PopupMessage {
  return { type: 'trustap_payment_completed', status: 'success', paymentType: 'deposit', details: null, redirectTo: to }
}

/** The order id the manual button should complete: the URL's, the state's, or the stored one. */
export function knownOrderId(params: ReturnParams, stored: StoredIds): string | null {
  return returnedOrderId(params) ?? stored.orderId
}
