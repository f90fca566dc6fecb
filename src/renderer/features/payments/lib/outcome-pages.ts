import { RETURN_TEXTS } from './return-flow'

/** /payment-success?type&tx_id&order_id: what it says and where Continue goes. */
export function successPage(search: URLSearchParams) {
  const type = search.get('type') === 'deposit' ? 'deposit' : search.get('type') === 'transaction' ? 'transaction' : null
  const txId = search.get('tx_id')
  const orderId = search.get('order_id')
  const dealId = type !== 'deposit' && txId && /^\d{1,10}$/.test(txId) ? txId : null
  return {
    text:
      type === 'deposit'
        ? 'Your deposit is in your balance and ready to spend.'
        : 'Your payment is held in escrow. The seller is paid only once the account is yours.',
    continueTo: type === 'deposit' ? '/balance' : dealId ? `/transaction/${dealId}` : '/transactions',
    continueLabel: type === 'deposit' ? 'Go to your balance' : dealId ? 'Go to the deal' : 'Your transactions',
    reference: orderId,
  }
}

/** /payment-failed?reason&error&tx_id: the reason in words, and where trying again starts. */
export function failedPage(search: URLSearchParams) {
  const error = search.get('error')
  const reason = search.get('reason')
  const txId = search.get('tx_id')
  const dealId = txId && /^\d{1,10}$/.test(txId) ? txId : null
  return {
    text: error ? RETURN_TEXTS.failed(error) : RETURN_TEXTS.notCompleted,
    reason: reason && reason !== 'failed' ? reason : null,
    // a purchase is paid again from its deal; a deposit from the balance page
    retryTo: dealId ? `/transaction/${dealId}` : '/balance',
    retryLabel: dealId ? 'Try paying again' : 'Try again',
  }
}
