import { describe, expect, it } from 'vitest'
import { actionClosesAt, pastDeadline, TRANSACTION_ACTIONS } from './transactions'

const NOW = Date.UTC(2026, 10, 29, 12, 0, 0)
const before = new Date(NOW - 1000)
const after = new Date(NOW + 1000)

describe('deadlines that close an action', () => {
  it('closes paying when the reservation runs out, from a Date or an ISO string alike', () => {
    expect(pastDeadline('pay', { status: 'pending', reservedUntil: before, countdownEndsAt: null }, NOW)).toBe(true)
    expect(pastDeadline('pay', { status: 'pending', reservedUntil: before.toISOString(), countdownEndsAt: null }, NOW)).toBe(true)
    expect(pastDeadline('pay', { status: 'pending', reservedUntil: new Date(NOW), countdownEndsAt: null }, NOW)).toBe(true)
    expect(pastDeadline('pay', { status: 'pending', reservedUntil: after, countdownEndsAt: null }, NOW)).toBe(false)
    expect(actionClosesAt('pay', { status: 'pending', reservedUntil: after.toISOString(), countdownEndsAt: null })).toBe(NOW + 1000)
  })

  it('closes a dispute when the countdown is over, and only in countdown', () => {
    expect(pastDeadline('dispute', { status: 'countdown_started', reservedUntil: null, countdownEndsAt: before }, NOW)).toBe(true)
    expect(pastDeadline('dispute', { status: 'countdown_started', reservedUntil: null, countdownEndsAt: after }, NOW)).toBe(false)
    // a dispute earlier in the deal has no deadline, whatever an old countdown column says
    expect(pastDeadline('dispute', { status: 'invite_sent', reservedUntil: null, countdownEndsAt: before }, NOW)).toBe(false)
  })

  it('leaves every other action open past both deadlines', () => {
    const lapsed = { status: 'pending' as const, reservedUntil: before, countdownEndsAt: before }
    const over = { status: 'countdown_started' as const, reservedUntil: before, countdownEndsAt: before }
    const closed = TRANSACTION_ACTIONS.filter((action) => pastDeadline(action, lapsed, NOW) || pastDeadline(action, over, NOW))
    expect(closed).toEqual(['pay', 'dispute'])
  })

  it('has no deadline without a date', () => {
    expect(actionClosesAt('pay', { status: 'pending', reservedUntil: null, countdownEndsAt: null })).toBeNull()
    expect(pastDeadline('dispute', { status: 'countdown_started', reservedUntil: null, countdownEndsAt: null }, NOW)).toBe(false)
  })
})
