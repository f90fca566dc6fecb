import { refundedWhere, type TransactionDto, type TransactionRole } from '@shared/api/transactions'

type Deal = Pick<TransactionDto, 'status' | 'viewerRole' | 'buyer' | 'seller' | 'countdownDays'> &
  Partial<Pick<TransactionDto, 'paymentMethod' | 'refundedTo'>>

/**
 * A lapsed reservation, said to everyone; to a buyer who opened a checkout at the provider from this browser, also
 * where a payment they still finish there goes (the server credits it to their balance once the deal is cancelled).
 */
export function reservationEndedText(checkoutOpen: boolean): string {
  const ended = 'The reservation has run out: the purchase is being cancelled.'
  return checkoutOpen ? `${ended} If you still finish paying at the checkout you opened, the money goes to your balance.` : ended
}

/**
 * "What happens now", for the viewer's side of the deal: the step they are waiting for or must take. A deadline that
 * has passed (`lapsed`, which the server's sweep is about to act on) says what happens instead; `checkoutOpen`: this
 * browser opened the deal's checkout at the provider, which may still be paid.
 */
export function guidance(deal: Deal, lapsed: 'reservation' | 'countdown' | null = null, checkoutOpen = false): string {
  if (lapsed === 'reservation' && deal.status === 'pending') return reservationEndedText(deal.viewerRole === 'buyer' && checkoutOpen)
  if (lapsed === 'countdown' && deal.status === 'countdown_started')
    return `The countdown is over: the money is being released to ${deal.seller.username}.`
  const buyer = deal.buyer.username
  const seller = deal.seller.username
  const role = deal.viewerRole
  switch (deal.status) {
    case 'pending':
      if (role === 'buyer') return 'Pay to put the money in escrow. The account is reserved for you until the timer runs out.'
      if (role === 'seller') return `${buyer} has reserved your listing and is paying. Nothing to do yet.`
      return 'Waiting for the buyer to pay.'
    case 'fee_paid':
      if (role === 'buyer') return `Your money is safe in escrow. ${seller} now sends you the platform's ownership invite.`
      if (role === 'seller') return `The money is in escrow. Send the platform's ownership invite to ${buyer}, then confirm it here.`
      return 'Waiting for the seller to send the ownership invite.'
    case 'invite_sent':
      if (role === 'buyer') return 'Accept the ownership invite on the platform, then confirm here that you have access.'
      if (role === 'seller') return `Waiting for ${buyer} to accept the invite and confirm access.`
      return 'Waiting for the buyer to confirm access.'
    case 'access_granted':
      if (role === 'buyer') return `${seller} now starts the platform's ownership transfer and its waiting period.`
      if (role === 'seller') return `${buyer} has access. Start the platform's ownership transfer, then start the countdown here.`
      return 'Waiting for the seller to start the transfer countdown.'
    case 'countdown_started':
      if (role === 'buyer')
        return `The platform's waiting period is running. The money goes to ${seller} when the countdown ends, unless you open a dispute. Release it early once everything is yours.`
      if (role === 'seller') return 'The money is released to you when the countdown ends, unless the buyer opens a dispute.'
      return 'The countdown is running.'
    case 'completed':
      return 'The deal is complete: the account belongs to the buyer and the seller has been paid.'
    case 'cancelled':
      return 'The purchase was cancelled before payment. Nothing was charged.'
    case 'refunded':
      return deal.refundedTo
        ? `The deal ended with a refund: the money held in escrow went ${refundedWhere({ paymentMethod: deal.paymentMethod ?? null, refundedTo: deal.refundedTo }, role === 'buyer')}.`
        : 'The deal ended with a refund: the money held in escrow went back to the buyer.'
    case 'disputed':
      if (role === 'admin') return 'Decide the dispute: release the money to the seller, or refund the buyer.'
      return 'An admin is looking at the deal. The money stays in escrow until they decide.'
  }
}

/** The step each open status waits for, and whose it is. */
const STEPS: Partial<Record<TransactionDto['status'], { by: TransactionRole; does: string }>> = {
  pending: { by: 'buyer', does: 'pay into escrow' },
  fee_paid: { by: 'seller', does: 'send the ownership invite' },
  invite_sent: { by: 'buyer', does: 'accept the invite and confirm access' },
  access_granted: { by: 'seller', does: 'start the transfer countdown' },
  disputed: { by: 'admin', does: 'decide the dispute' },
}

const WHO: Record<TransactionRole, string> = { buyer: 'the buyer', seller: 'the seller', admin: 'an admin' }

export interface NextStep {
  text: string
  /** whose step it is; null when it is nobody's (a clock runs, or the deal is settled) */
  by: TransactionRole | null
  yours: boolean
}

/**
 * The deal's next step in one line and who must take it, for where the deal shares the screen (its chat): "Waiting for
 * the seller to send the ownership invite", or "Your turn: send the ownership invite" to the seller.
 */
export function nextStep(deal: Pick<TransactionDto, 'status' | 'viewerRole'>, lapsed: 'reservation' | 'countdown' | null = null): NextStep {
  const none = (text: string): NextStep => ({ text, by: null, yours: false })
  if (lapsed === 'reservation' && deal.status === 'pending') return none('The reservation has run out: the purchase is being cancelled')
  if (lapsed === 'countdown' && deal.status === 'countdown_started') return none('The countdown is over: the funds are being released to the seller')
  const step = STEPS[deal.status]
  if (step) {
    const yours = deal.viewerRole === step.by
    return { text: yours ? `Your turn: ${step.does}` : `Waiting for ${WHO[step.by]} to ${step.does}`, by: step.by, yours }
  }
  switch (deal.status) {
    case 'countdown_started':
      return none(
        deal.viewerRole === 'buyer'
          ? 'The transfer countdown is running: release the funds early once the account is fully yours'
          : 'The transfer countdown is running: the funds go to the seller when it ends',
      )
    case 'completed':
      return none('Nothing left to do: the deal is complete')
    case 'cancelled':
      return none('Nothing left to do: the purchase was cancelled')
    default:
      return none('Nothing left to do: the buyer was refunded')
  }
}
