import { formatMoney } from '@shared/format'
import { refundWillGo, type TransactionAction, type TransactionDto } from '@shared/api/transactions'
import { heldAmount } from './money'

/** What a step asks for besides a click: a dispute's reason, an admin's note to the parties. */
export type ActionInput = 'none' | 'reason' | 'note'

export interface ActionCopy {
  /** the button */
  label: string
  /** the button while the request runs */
  pending: string
  input: ActionInput
  variant: 'default' | 'primary' | 'outline' | 'destructive'
  title: string
  description: string
  confirm: string
  /** the toast after it went through */
  done: string
}

type Deal = Pick<TransactionDto, 'price' | 'escrowFee' | 'total' | 'countdownDays' | 'buyer' | 'seller' | 'listing' | 'status' | 'paymentMethod'>

/**
 * Every step gets its own words: what the button says, and what the confirmation tells the person before money
 * or the deal moves (nothing here is a generic "Are you sure?").
 */
export function actionCopy(action: TransactionAction, deal: Deal): ActionCopy {
  const held = heldAmount(deal)
  const price = formatMoney(deal.price)
  switch (action) {
    case 'pay':
      return {
        label: `Pay ${held} from balance`,
        pending: 'Paying…',
        input: 'none',
        variant: 'default',
        title: `Pay ${held} from your balance?`,
        description: `${held} (the price ${price} and the escrow fee ${formatMoney(deal.escrowFee)}) moves from your balance into escrow. ${deal.seller.username} is paid only once the account is yours.`,
        confirm: `Pay ${held}`,
        done: 'Paid into escrow',
      }
    case 'send_invite':
      return {
        label: 'I sent the ownership invite',
        pending: 'Saving…',
        input: 'none',
        variant: 'default',
        title: 'Ownership invite sent?',
        description: `Send the platform's ownership invite for @${deal.listing.username} to ${deal.buyer.username} first. They are then asked to accept it and confirm access.`,
        confirm: 'Yes, invite sent',
        done: 'Invite marked as sent',
      }
    case 'confirm_access':
      return {
        label: 'I have access to the account',
        pending: 'Confirming…',
        input: 'none',
        variant: 'default',
        title: 'Confirm you have access?',
        description: `Confirm only once you can sign in to @${deal.listing.username} through the invite. ${deal.seller.username} then starts the platform's ownership transfer.`,
        confirm: 'Yes, I have access',
        done: 'Access confirmed',
      }
    case 'start_countdown':
      return {
        label: 'Start the transfer countdown',
        pending: 'Starting…',
        input: 'none',
        variant: 'default',
        title: 'Start the transfer countdown?',
        description: `Start it once the platform's ownership transfer is under way. After ${deal.countdownDays} day${deal.countdownDays === 1 ? '' : 's'} without a dispute, ${price} is released to the seller.`,
        confirm: 'Start countdown',
        done: 'Countdown started',
      }
    case 'release':
      return {
        label: `Release ${price} to the seller`,
        pending: 'Releasing…',
        input: 'none',
        variant: 'default',
        title: `Release ${price} to ${deal.seller.username} now?`,
        description:
          'Release only if the account is fully and only yours. The seller is paid at once and the deal is complete: this cannot be undone.',
        confirm: 'Release funds',
        done: 'Funds released: the deal is complete',
      }
    case 'cancel':
      return {
        label: 'Cancel purchase',
        pending: 'Cancelling…',
        input: 'none',
        variant: 'outline',
        title: 'Cancel this purchase?',
        description: 'The reservation ends and the listing goes back on sale. Nothing has been charged.',
        confirm: 'Cancel purchase',
        done: 'Purchase cancelled',
      }
    case 'refund':
      return {
        label: 'Refund the buyer',
        pending: 'Refunding…',
        input: 'none',
        variant: 'outline',
        title: `Refund ${held} to ${deal.buyer.username}?`,
        description: `Everything held in escrow (${held}) goes ${refundWillGo(deal.paymentMethod)}, the deal ends and the listing goes back on sale. This cannot be undone.`,
        confirm: 'Refund buyer',
        done: 'Buyer refunded',
      }
    case 'dispute':
      return {
        label: 'Open a dispute',
        pending: 'Opening…',
        input: 'reason',
        variant: 'outline',
        title: 'Open a dispute',
        // the countdown stops only where one runs: before it starts, the deal simply waits for the admin
        description:
          deal.status === 'countdown_started'
            ? 'The money stays in escrow and the countdown stops while an admin looks at the deal. Tell them what went wrong.'
            : 'The money stays in escrow while an admin looks at the deal. Tell them what went wrong.',
        confirm: 'Open dispute',
        done: 'Dispute opened: an admin will look at it',
      }
    case 'resolve_release':
      return {
        label: 'Resolve: pay the seller',
        pending: 'Resolving…',
        input: 'note',
        variant: 'default',
        title: `Release ${price} to ${deal.seller.username}?`,
        description: 'The dispute ends in the seller’s favour: they receive the price and the deal completes. Both parties see your note.',
        confirm: 'Release to seller',
        done: 'Dispute resolved: seller paid',
      }
    case 'resolve_refund':
      return {
        label: 'Resolve: refund the buyer',
        pending: 'Resolving…',
        input: 'note',
        variant: 'destructive',
        title: `Refund ${held} to ${deal.buyer.username}?`,
        description: `The dispute ends in the buyer’s favour: everything held in escrow (${held}) goes ${refundWillGo(deal.paymentMethod)}. Both parties see your note.`,
        confirm: 'Refund buyer',
        done: 'Dispute resolved: buyer refunded',
      }
  }
}

/** Pay has its own panel (balance, card or crypto); the rest are buttons, forward steps first. */
export function buttonActions(actions: readonly TransactionAction[]): TransactionAction[] {
  const order: TransactionAction[] = [
    'send_invite',
    'confirm_access',
    'start_countdown',
    'release',
    'resolve_release',
    'resolve_refund',
    'refund',
    'dispute',
    'cancel',
  ]
  return order.filter((action) => actions.includes(action))
}
