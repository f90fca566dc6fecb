import { describe, expect, it } from 'vitest'
import { dealChat, sharedMoment } from './deal-chat'

describe('moments in a deal’s shared lines', () => {
  it('are written as the screens write dates, in UTC and saying so', () => {
    const ends = new Date('2026-12-02T03:59:30.000Z')
    expect(sharedMoment(ends)).toBe('Dec 2, 2026, 3:59 AM UTC')
    expect(dealChat.countdownStarted(3, ends)).toBe(
      'The 3-day transfer countdown started; funds are released on Dec 2, 2026, 3:59 AM UTC unless a dispute is opened.',
    )
  })
})
