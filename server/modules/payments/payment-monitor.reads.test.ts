import { describe, expect, it } from 'vitest'
import { PAYMENT_MONITOR, STUCK_MESSAGES } from '@shared/api/admin-payments'
import { stuckOrder } from './payment-monitor.reads'

const NOW = new Date('2026-11-24T12:00:00Z')
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000)
/** no complaint at the provider */
const OPEN = { complainedAt: null, complaintClosedAt: null, reversalResolvedAt: null }

describe('stuckOrder', () => {
  it('flags money the provider holds that was never credited, whatever its age', () => {
    expect(stuckOrder({ status: 'paid', ...OPEN, reversedAt: null, createdAt: minutesAgo(0) }, NOW)).toEqual({
      reason: 'paid_not_credited',
      message: STUCK_MESSAGES.paid_not_credited,
    })
  })

  it('flags an open checkout only once nobody has heard from the provider for the threshold', () => {
    expect(stuckOrder({ status: 'created', ...OPEN, reversedAt: null, createdAt: minutesAgo(PAYMENT_MONITOR.openOrderMinutes) }, NOW)).toBeNull()
    expect(
      stuckOrder({ status: 'created', ...OPEN, reversedAt: null, createdAt: minutesAgo(PAYMENT_MONITOR.openOrderMinutes + 1) }, NOW)?.reason,
    ).toBe('open_too_long')
  })

  it('never flags a settled order', () => {
    for (const status of ['credited', 'failed', 'cancelled', 'expired'] as const)
      expect(stuckOrder({ status, ...OPEN, reversedAt: null, createdAt: minutesAgo(10_000) }, NOW)).toBeNull()
  })

  it('flags a credited order the provider gave back to the payer, however old', () => {
    expect(stuckOrder({ status: 'credited', ...OPEN, reversedAt: minutesAgo(5), createdAt: minutesAgo(10_000) }, NOW)).toEqual({
      reason: 'reversed_at_provider',
      message: STUCK_MESSAGES.reversed_at_provider,
    })
  })

  it('stops flagging a reversal once an operator has recovered the money', () => {
    expect(
      stuckOrder({ status: 'credited', ...OPEN, reversedAt: minutesAgo(50), reversalResolvedAt: minutesAgo(5), createdAt: minutesAgo(10_000) }, NOW),
    ).toBeNull()
  })

  it('flags a credited order the payer complained about at the provider until the provider is past the complaint', () => {
    const complained = {
      status: 'credited' as const,
      reversedAt: null,
      reversalResolvedAt: null,
      createdAt: minutesAgo(10_000),
      complainedAt: minutesAgo(30),
    }
    expect(stuckOrder({ ...complained, complaintClosedAt: null }, NOW)).toEqual({
      reason: 'complaint_at_provider',
      message: STUCK_MESSAGES.complaint_at_provider,
    })
    expect(stuckOrder({ ...complained, complaintClosedAt: minutesAgo(1) }, NOW)).toBeNull()
    // upheld: the money went back to the payer, which is what the operator must now recover
    expect(stuckOrder({ ...complained, complaintClosedAt: minutesAgo(1), reversedAt: minutesAgo(1) }, NOW)?.reason).toBe('reversed_at_provider')
  })
})
