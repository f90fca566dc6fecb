import type { TransactionAction, TransactionRole, TransactionStatus } from '@shared/api/transactions'

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

/** Moves the server makes on its own: an unpaid reservation lapsing, a countdown ending with no dispute. */
export const SYSTEM_MOVES = {
  expire: { from: 'pending', to: 'cancelled' },
  countdown_over: { from: 'countdown_started', to: 'completed' },
} as const satisfies Record<string, { from: TransactionStatus; to: TransactionStatus }>

/** Whether `role` may take `action` on a deal in `status`. */
export function allowed(action: TransactionAction, status: TransactionStatus, role: TransactionRole): boolean {
  const move = MOVES[action]
  return move.from.includes(status) && move.by.includes(role)
}

/** Every action open to `role` now, in the table's order. */
export function actionsFor(status: TransactionStatus, role: TransactionRole): TransactionAction[] {
  return (Object.keys(MOVES) as TransactionAction[]).filter((action) => allowed(action, status, role))
}
