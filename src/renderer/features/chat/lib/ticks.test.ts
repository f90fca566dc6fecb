import { describe, expect, it } from 'vitest'
import { conversation, message } from '../test-fixtures'
import { tickState } from './ticks'

const c = conversation()

describe('read ticks per role', () => {
  it('is sent until another side reads it, never counting the writer’s own side', () => {
    expect(tickState(message(1, 'buyer'), c)).toEqual({ kind: 'sent', label: 'Sent' })
    expect(tickState(message(2, 'seller'), c)).toEqual({ kind: 'sent', label: 'Sent' })
  })

  it('names each side that has read it', () => {
    expect(tickState(message(1, 'buyer', { sellerHasRead: true, tickStatus: { buyer: 'read', seller: 'read' } }), c)).toMatchObject({
      kind: 'read',
      label: 'Read by Seller',
      readers: ['seller'],
    })
    expect(tickState(message(2, 'buyer', { adminHasRead: true, tickStatus: { buyer: 'read', admin: 'read' } }), c)).toMatchObject({
      label: 'Read by Support',
    })
    expect(
      tickState(message(3, 'admin', { buyerHasRead: true, sellerHasRead: true, tickStatus: { admin: 'read', buyer: 'read', seller: 'read' } }), c),
    ).toMatchObject({
      label: 'Read by Buyer and Seller',
      readers: ['buyer', 'seller'],
    })
  })

  it('trusts tickStatus as well as the flags (SPEC §3 sends both)', () => {
    expect(tickState(message(1, 'seller', { tickStatus: { seller: 'read', buyer: 'read' } }), c).kind).toBe('read')
  })

  it('shows the unsent states of the writer’s own copy', () => {
    expect(tickState({ ...message(-1, 'buyer'), localState: 'sending' }, c).kind).toBe('sending')
    expect(tickState({ ...message(-1, 'buyer'), localState: 'failed', localError: 'Offline' }, c)).toEqual({ kind: 'failed', label: 'Offline' })
  })
})
