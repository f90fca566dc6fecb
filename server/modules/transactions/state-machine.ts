import type { ListingStatus } from '@shared/api/listings'
import type { TransactionAction, TransactionRole, TransactionStatus } from '@shared/api/transactions'
import type { Deal } from './deal'

/**
 * The purchase state machine of DESIGN.md: for every action, the statuses it may start from, the status it
 * leads to, and who may take it. The server decides with this table alone; the detail response lists the
 * actions it allows the viewer, so the screens never guess.
 */
interface Move {
  from: readonly TransactionStatus[]
  to: TransactionStatus
  by: readonly TransactionRole[]
}

const HELD: readonly TransactionStatus[] = ['fee_paid', 'invite_sent', 'access_granted', 'countdown_started']

export const MOVES: Record<TransactionAction, Move> = {
  pay: { from: ['pending'], to: 'fee_paid', by: ['buyer'] },
  send_invite: { from: ['fee_paid'], to: 'invite_sent', by: ['seller'] },
  confirm_access: { from: ['invite_sent'], to: 'access_granted', by: ['buyer'] },
  start_countdown: { from: ['access_granted'], to: 'countdown_started', by: ['seller', 'admin'] },
  release: { from: ['countdown_started'], to: 'completed', by: ['buyer'] },
  cancel: { from: ['pending'], to: 'cancelled', by: ['buyer', 'seller', 'admin'] },
  // the seller backs out before the buyer has the account: the buyer gets everything back
  refund: { from: ['fee_paid', 'invite_sent'], to: 'refunded', by: ['seller', 'admin'] },
  dispute: { from: HELD, to: 'disputed', by: ['buyer', 'seller'] },
  resolve_release: { from: ['disputed'], to: 'completed', by: ['admin'] },
  resolve_refund: { from: ['disputed'], to: 'refunded', by: ['admin'] },
}

/**
 * Moves the server makes on its own: an unpaid reservation lapsing, a countdown ending with no dispute, a banned
 * seller's deals (an unpaid reservation is cancelled; money held turns disputed, so no countdown pays a banned seller
 * out and an admin settles it), and a deal whose payment the payer complained about at the provider (held for an admin).
 */
export const SYSTEM_MOVES = {
  expire: { from: ['pending'], to: 'cancelled' },
  countdown_over: { from: ['countdown_started'], to: 'completed' },
  seller_banned_unpaid: { from: ['pending'], to: 'cancelled' },
  seller_banned_held: { from: HELD, to: 'disputed' },
  provider_complaint: { from: HELD, to: 'disputed' },
} as const satisfies Record<string, { from: readonly TransactionStatus[]; to: TransactionStatus }>

export type SystemMove = keyof typeof SYSTEM_MOVES

/** Statuses a deal ends in: nothing moves it again. */
const CLOSED: readonly TransactionStatus[] = ['completed', 'cancelled', 'refunded']

/** Whether `role` may take `action` on a deal in `status`. */
export function allowed(action: TransactionAction, status: TransactionStatus, role: TransactionRole): boolean {
  const move = MOVES[action]
  return move.from.includes(status) && move.by.includes(role)
}

/** Whether the server may make `move` on a deal in `status`. */
export function systemAllowed(move: SystemMove, status: TransactionStatus): boolean {
  return (SYSTEM_MOVES[move].from as readonly TransactionStatus[]).includes(status)
}

/**
 * A deal reaching `to` at `now`, by a person's step or the server's own move (each checked first with `allowed` or
 * `systemAllowed`): its status and timestamps, and the listing following it: sold when the deal completes, back on sale
 * when it ends unpaid or refunded, unless its seller was banned meanwhile: then it goes off sale with the seller's other
 * listings (the ban left it to its deal), and lifting the ban puts it back. Answers the listing's new status, or null
 * when it stays.
 */
export function transition(deal: Deal, to: TransactionStatus, now: Date): ListingStatus | null {
  const { listing } = deal
  let listingStatus: ListingStatus | null = null
  if (to === 'completed') {
    listing.status = listingStatus = 'sold'
    listing.soldAt = now
  } else if ((to === 'cancelled' || to === 'refunded') && listing.status === 'reserved') {
    listing.status = listingStatus = deal.sellerBanned ? 'suspended' : 'active'
  }
  deal.status = to
  deal.updatedAt = now
  if (CLOSED.includes(to)) deal.closedAt = now
  return listingStatus
}

/** Every action open to `role` now, in the table's order. */
export function actionsFor(status: TransactionStatus, role: TransactionRole): TransactionAction[] {
  return (Object.keys(MOVES) as TransactionAction[]).filter((action) => allowed(action, status, role))
}
