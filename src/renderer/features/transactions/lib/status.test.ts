import { describe, expect, it } from 'vitest'
import { TRANSACTION_STATUS_LABELS } from '@shared/api/transactions'
import { event, makeDeal } from '../test-fixtures'
import { HAPPY_PATH, isActiveStatus, statusSteps, statusTone } from './status'

const summary = (deal: Parameters<typeof statusSteps>[0]) => statusSteps(deal).map((s) => `${s.status}:${s.state}${s.at ? '@' : ''}`)

describe('the status path of a deal', () => {
  it('runs pending → fee_paid → invite_sent → access_granted → countdown_started → completed', () => {
    expect(HAPPY_PATH).toEqual(['pending', 'fee_paid', 'invite_sent', 'access_granted', 'countdown_started', 'completed'])
  })

  it('marks what is done, the current step and what is next, with the times from the timeline', () => {
    const deal = makeDeal({
      status: 'invite_sent',
      timeline: [event(1, 'pending'), event(2, 'fee_paid'), event(3, null, { note: 'tick' }), event(4, 'invite_sent')],
    })
    expect(summary(deal)).toEqual([
      'pending:done@',
      'fee_paid:done@',
      'invite_sent:current@',
      'access_granted:next',
      'countdown_started:next',
      'completed:next',
    ])
    expect(statusSteps(deal)[1]).toMatchObject({ label: TRANSACTION_STATUS_LABELS.fee_paid, at: event(2, 'fee_paid').createdAt })
  })

  it('fills in a happy-path step the timeline missed, without a time', () => {
    expect(summary(makeDeal({ status: 'fee_paid', timeline: [event(2, 'fee_paid')] }))).toEqual([
      'pending:done',
      'fee_paid:current@',
      'invite_sent:next',
      'access_granted:next',
      'countdown_started:next',
      'completed:next',
    ])
  })

  it('a completed deal has no current step left', () => {
    const timeline = HAPPY_PATH.map((status, i) => event(i + 1, status))
    expect(statusSteps(makeDeal({ status: 'completed', timeline })).every((s) => s.state === 'done')).toBe(true)
  })

  it('shows where a side exit left the path: cancelled, refunded, disputed and resolved', () => {
    expect(summary(makeDeal({ status: 'cancelled', timeline: [event(1, 'pending'), event(2, 'cancelled')] }))).toEqual([
      'pending:done@',
      'cancelled:done@',
    ])
    expect(summary(makeDeal({ status: 'refunded', timeline: [event(1, 'pending'), event(2, 'fee_paid'), event(3, 'refunded')] }))).toEqual([
      'pending:done@',
      'fee_paid:done@',
      'refunded:done@',
    ])
    expect(summary(makeDeal({ status: 'disputed', timeline: [event(1, 'pending'), event(2, 'fee_paid'), event(3, 'disputed')] }))).toEqual([
      'pending:done@',
      'fee_paid:done@',
      'disputed:current@',
    ])
    // resolved for the seller: completed through the dispute, not through steps that never happened
    expect(
      summary(makeDeal({ status: 'completed', timeline: [event(1, 'pending'), event(2, 'fee_paid'), event(3, 'disputed'), event(4, 'completed')] })),
    ).toEqual(['pending:done@', 'fee_paid:done@', 'disputed:done@', 'completed:done@'])
  })

  it('orders the timeline by time whatever order it came in', () => {
    expect(summary(makeDeal({ status: 'fee_paid', timeline: [event(2, 'fee_paid'), event(1, 'pending')] })).slice(0, 2)).toEqual([
      'pending:done@',
      'fee_paid:current@',
    ])
  })

  it('colours statuses by meaning and knows the active ones (SPEC §4)', () => {
    expect(statusTone('completed')).toBe('positive')
    expect(statusTone('refunded')).toBe('negative')
    expect(statusTone('disputed')).toBe('warning')
    expect(statusTone('invite_sent')).toBe('active')
    expect(['pending', 'fee_paid', 'invite_sent', 'access_granted', 'countdown_started'].every((s) => isActiveStatus(s as never))).toBe(true)
    expect(isActiveStatus('disputed')).toBe(false)
  })
})
