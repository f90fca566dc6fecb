import { describe, expect, it } from 'vitest'
import { TRANSACTION_ACTIONS } from '@shared/api/transactions'
import { makeDeal } from '../test-fixtures'
import { actionCopy, buttonActions } from './actions'
import { guidance } from './guidance'

describe('deal steps', () => {
  it('names the money in the confirmations of money moves', () => {
    const deal = makeDeal({ price: 1000, escrowFee: 50 })
    expect(actionCopy('pay', deal)).toMatchObject({ label: 'Pay $1,050 from balance', title: 'Pay $1,050 from your balance?' })
    expect(actionCopy('release', deal).title).toBe('Release $1,000 to alice now?')
    expect(actionCopy('refund', deal).title).toBe('Refund $1,050 to bob?')
    expect(actionCopy('resolve_refund', deal)).toMatchObject({ input: 'note', title: 'Refund $1,050 to bob?' })
    expect(actionCopy('dispute', deal).input).toBe('reason')
    for (const action of TRANSACTION_ACTIONS) expect(actionCopy(action, deal).label.length).toBeGreaterThan(3)
  })

  it('says before a refund where the money goes: the card or crypto wallet it came from, or the balance', () => {
    const card = makeDeal({ price: 1000, escrowFee: 50, paymentMethod: 'card' })
    expect(actionCopy('refund', card).description).toBe(
      'Everything held in escrow ($1,050) goes back to the buyer’s card (to their Handover balance if the payment provider cannot refund it), the deal ends and the listing goes back on sale. This cannot be undone.',
    )
    expect(actionCopy('resolve_refund', makeDeal({ paymentMethod: 'crypto' })).description).toContain('back to the buyer’s crypto wallet')
    expect(actionCopy('refund', makeDeal({ paymentMethod: 'balance' })).description).toContain('goes back to the buyer’s Handover balance,')
  })

  it('says a dispute stops the countdown only where one runs', () => {
    expect(actionCopy('dispute', makeDeal({ status: 'countdown_started' })).description).toContain('the countdown stops')
    for (const status of ['fee_paid', 'invite_sent', 'access_granted'] as const) {
      expect(actionCopy('dispute', makeDeal({ status })).description).toBe(
        'The money stays in escrow while an admin looks at the deal. Tell them what went wrong.',
      )
    }
  })

  it('shows only the actions the server lists, forward steps first, pay in its own panel', () => {
    expect(buttonActions(['cancel', 'pay'])).toEqual(['cancel'])
    expect(buttonActions(['dispute', 'release'])).toEqual(['release', 'dispute'])
    expect(buttonActions([])).toEqual([])
  })

  it('tells each side what happens now', () => {
    expect(guidance(makeDeal({ status: 'fee_paid', viewerRole: 'seller' }))).toContain('Send the platform')
    expect(guidance(makeDeal({ status: 'fee_paid', viewerRole: 'buyer' }))).toContain('alice now sends you')
    expect(guidance(makeDeal({ status: 'disputed', viewerRole: 'admin' }))).toContain('Decide the dispute')
  })
})
