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

describe('the handover checklist’s line in the chat', () => {
  it('says where the checklist stands and the latest tick, in one line', () => {
    expect(dealChat.checklist(0, 5, dealChat.stepDone('alice', 'Change the email'))).toBe(
      'Handover checklist: 0 of 5 steps confirmed. Latest: alice marked “Change the email” done.',
    )
    expect(dealChat.checklist(1, 1, dealChat.stepConfirmed('bob', 'Hand over'))).toBe(
      'Handover checklist: 1 of 1 step confirmed. Latest: bob confirmed “Hand over”.',
    )
  })
})
