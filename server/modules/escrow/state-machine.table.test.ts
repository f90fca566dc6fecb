import { describe, expect, it } from 'vitest'
import {
  TRANSACTION_ACTIONS,
  TRANSACTION_ROLES,
  TRANSACTION_STATUSES,
  type TransactionAction,
  type TransactionStatus,
} from '@shared/api/transactions'
import { actionsFor, allowed, MOVES, SYSTEM_MOVES } from './state-machine'

/**
 * Who may take each action from each status, written out by hand from DESIGN.md's state machine rather than read
 * from the code, so a wrong entry in the code (a release from `access_granted`, a refund the buyer takes alone) shows
 * as a cell that differs. Each cell names the roles allowed: b(uyer), s(eller), a(dmin); '-' is nobody.
 */
const WHO: Record<TransactionAction, Record<TransactionStatus, string>> = {
  pay: {
    pending: 'b',
    fee_paid: '-',
    invite_sent: '-',
    access_granted: '-',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  send_invite: {
    pending: '-',
    fee_paid: 's',
    invite_sent: '-',
    access_granted: '-',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  confirm_access: {
    pending: '-',
    fee_paid: '-',
    invite_sent: 'b',
    access_granted: '-',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  start_countdown: {
    pending: '-',
    fee_paid: '-',
    invite_sent: '-',
    access_granted: 'sa',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  release: {
    pending: '-',
    fee_paid: '-',
    invite_sent: '-',
    access_granted: '-',
    countdown_started: 'b',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  cancel: {
    pending: 'bsa',
    fee_paid: '-',
    invite_sent: '-',
    access_granted: '-',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  refund: {
    pending: '-',
    fee_paid: 'sa',
    invite_sent: 'sa',
    access_granted: '-',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  dispute: {
    pending: '-',
    fee_paid: 'bs',
    invite_sent: 'bs',
    access_granted: 'bs',
    countdown_started: 'bs',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  resolve_release: {
    pending: '-',
    fee_paid: '-',
    invite_sent: '-',
    access_granted: '-',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: 'a',
    refunded: '-',
  },
  resolve_refund: {
    pending: '-',
    fee_paid: '-',
    invite_sent: '-',
    access_granted: '-',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: 'a',
    refunded: '-',
  },
}

/** Where each action leads, and the server's own moves, by hand as well. */
const LEADS_TO: Record<TransactionAction, TransactionStatus> = {
  pay: 'fee_paid',
  send_invite: 'invite_sent',
  confirm_access: 'access_granted',
  start_countdown: 'countdown_started',
  release: 'completed',
  cancel: 'cancelled',
  refund: 'refunded',
  dispute: 'disputed',
  resolve_release: 'completed',
  resolve_refund: 'refunded',
}

/** The same table as the code answers it, cell by cell. */
const answered = () =>
  Object.fromEntries(
    TRANSACTION_ACTIONS.map((action) => [
      action,
      Object.fromEntries(
        TRANSACTION_STATUSES.map((status) => [
          status,
          TRANSACTION_ROLES.filter((role) => allowed(action, status, role))
            .map((role) => role[0])
            .join('') || '-',
        ]),
      ),
    ]),
  )

describe('purchase state machine, every action × status × role', () => {
  it('allows exactly the cells of the hand-written table', () => {
    expect(answered()).toEqual(WHO)
  })

  it("offers each role, in each status, the table's actions in the table's order", () => {
    for (const status of TRANSACTION_STATUSES) {
      for (const role of TRANSACTION_ROLES) {
        const expected = TRANSACTION_ACTIONS.filter((action) => WHO[action][status].includes(role[0]!))
        expect(actionsFor(status, role), `${role} in ${status}`).toEqual(expected)
      }
    }
  })

  it('leads each action, and each move the server makes alone, where the table says', () => {
    expect(Object.fromEntries(TRANSACTION_ACTIONS.map((action) => [action, MOVES[action].to]))).toEqual(LEADS_TO)
    expect(SYSTEM_MOVES).toEqual({ expire: { from: 'pending', to: 'cancelled' }, countdown_over: { from: 'countdown_started', to: 'completed' } })
  })
})
