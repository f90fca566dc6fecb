import { PAYMENT_MESSAGES, type AdminWithdrawalDto, type CheckoutDto, type VerifyPaymentResponse, type WithdrawalDto } from '@shared/api/payments'
import { centsToDecimalString, type Cents } from '@shared/money'
import type { PaymentOrder, Withdrawal } from './payment.entities'

/** Cents → dollars as a JSON number, through the decimal text (the API edge of DESIGN.md "Money and escrow"). */
export const toDollars = (cents: Cents): number => Number(centsToDecimalString(cents))

export function toCheckoutDto(order: PaymentOrder): CheckoutDto {
  return {
    orderId: order.orderId,
    checkoutUrl: order.checkoutUrl ?? '',
    amount: toDollars(order.amountCents),
    processorFee: toDollars(order.processorFeeCents),
    total: toDollars(order.totalCents),
  }
}

/** How confirming an order ended: only `credited` is a success. */
export type ConfirmOutcome = 'credited' | 'pending' | 'failed' | 'cancelled' | 'expired' | 'mismatch' | 'account_closed' | 'refunded'

const ERRORS: Record<Exclude<ConfirmOutcome, 'credited'>, string> = {
  pending: PAYMENT_MESSAGES.pending,
  failed: PAYMENT_MESSAGES.failed,
  cancelled: PAYMENT_MESSAGES.cancelled,
  expired: PAYMENT_MESSAGES.notPaid,
  mismatch: PAYMENT_MESSAGES.amountMismatch,
  account_closed: PAYMENT_MESSAGES.accountClosed,
  refunded: PAYMENT_MESSAGES.refunded,
}

/** SPEC §3 "Payment verification result": the details the return screen needs to send the user on. */
export function toVerifyResponse(
  order: PaymentOrder,
  outcome: ConfirmOutcome,
  toBalance = false,
): VerifyPaymentResponse & { message?: string; status: string } {
  const details = {
    ...(toBalance ? { to_balance: true as const } : {}),
    amount: toDollars(order.amountCents),
    transaction_id: order.transactionId ?? order.providerRef ?? undefined,
    order_id: order.orderId,
    type: order.kind === 'deposit' ? ('deposit' as const) : ('transaction' as const),
    ...(order.conversationId !== null ? { conversationId: order.conversationId } : {}),
    ...(order.sellerId !== null ? { sellerId: order.sellerId } : {}),
  }
  if (outcome === 'credited') return { success: true, status: order.status, details, message: PAYMENT_MESSAGES.completed }
  return { success: false, status: outcome, error: ERRORS[outcome], details }
}

export function toWithdrawalDto(w: Withdrawal): WithdrawalDto {
  return {
    id: w.id,
    amount: toDollars(w.amountCents),
    destination: w.destination,
    status: w.status,
    reason: w.reason,
    createdAt: w.createdAt.toISOString(),
    decidedAt: w.decidedAt ? w.decidedAt.toISOString() : null,
  }
}

export function toAdminWithdrawalDto(w: Withdrawal): AdminWithdrawalDto {
  return { ...toWithdrawalDto(w), userId: w.user.id, username: w.user.username }
}
