import { describe, expect, it } from 'vitest'
import { FINAL_TRANSACTION_STATUSES, TRANSACTION_ACTIONS, TRANSACTION_STATUSES, type TransactionStatus } from '@shared/api/transactions'
import { actionsFor, allowed, MOVES } from './state-machine'

describe('purchase state machine', () => {
  it('walks the happy path with each step taken by its own side', () => {
    const path: [TransactionStatus, string, 'buyer' | 'seller'][] = [
      ['pending', 'pay', 'buyer'],
      ['fee_paid', 'send_invite', 'seller'],
      ['invite_sent', 'confirm_access', 'buyer'],
      ['access_granted', 'start_countdown', 'seller'],
      ['countdown_started', 'release', 'buyer'],
    ]
    for (const [status, action, role] of path) {
      expect(actionsFor(status, role)).toContain(action)
      const other = role === 'buyer' ? 'seller' : 'buyer'
      expect(allowed(action as never, status, other)).toBe(false)
    }
  })

  it('lets nobody move a finished deal', () => {
    for (const status of FINAL_TRANSACTION_STATUSES) {
      for (const role of ['buyer', 'seller', 'admin'] as const) expect(actionsFor(status, role)).toEqual([])
    }
  })

  it('lets only admins settle a dispute, and the parties only open one while money is held', () => {
    expect(actionsFor('disputed', 'admin')).toEqual(['resolve_release', 'resolve_refund'])
    expect(actionsFor('disputed', 'buyer')).toEqual([])
    expect(allowed('dispute', 'pending', 'buyer')).toBe(false)
    expect(allowed('dispute', 'countdown_started', 'buyer')).toBe(true)
    expect(allowed('dispute', 'fee_paid', 'admin')).toBe(false)
  })

  it('never lets the buyer take money back alone once paid', () => {
    for (const status of TRANSACTION_STATUSES) {
      if (status === 'pending') continue
      expect(allowed('cancel', status, 'buyer')).toBe(false)
      expect(allowed('refund', status, 'buyer')).toBe(false)
    }
  })

  it('names a move for every action, each leading somewhere else', () => {
    for (const action of TRANSACTION_ACTIONS) {
      expect(MOVES[action].from).not.toContain(MOVES[action].to)
    }
  })
})
