import { describe, expect, it } from 'vitest'
import { message } from '../test-fixtures'
import { buildRows, dayLabel } from './thread-rows'

// local times, so the test means the same in every time zone
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString()

describe('day separators', () => {
  const now = new Date(2026, 2, 10, 15)

  it('labels today, yesterday, this year and older days', () => {
    expect(dayLabel(new Date(2026, 2, 10, 1), now)).toBe('Today')
    expect(dayLabel(new Date(2026, 2, 9, 23), now)).toBe('Yesterday')
    expect(dayLabel(new Date(2026, 2, 3, 9), now)).toBe('Tue, Mar 3')
    expect(dayLabel(new Date(2025, 11, 31, 9), now)).toBe('Wed, Dec 31, 2025')
  })

  it('puts one separator before the first message of each day and groups a sender’s run', () => {
    const rows = buildRows(
      [
        message(1, 'buyer', { createdAt: at(2026, 3, 9, 10) }),
        message(2, 'buyer', { createdAt: at(2026, 3, 9, 11) }),
        message(3, 'seller', { createdAt: at(2026, 3, 9, 12) }),
        message(4, 'seller', { createdAt: at(2026, 3, 10, 8) }),
      ],
      now,
    )
    expect(rows.map((r) => (r.kind === 'day' ? r.label : `${r.message.id}${r.continued ? '+' : ''}`))).toEqual([
      'Yesterday',
      '1',
      '2+',
      '3',
      'Today',
      '4',
    ])
  })

  it('lets a deal’s system line break a sender’s run', () => {
    const rows = buildRows(
      [
        message(1, 'seller', { createdAt: at(2026, 3, 10, 9) }),
        message(2, 'seller', { createdAt: at(2026, 3, 10, 10), isSystem: true }),
        message(3, 'seller', { createdAt: at(2026, 3, 10, 11) }),
      ],
      now,
    )
    expect(rows.map((r) => (r.kind === 'day' ? r.label : `${r.message.id}${r.continued ? '+' : ''}`))).toEqual(['Today', '1', '2', '3'])
  })

  it('keeps a message’s key when the server copy replaces the optimistic one', () => {
    const [, sending] = buildRows([{ ...message(-1, 'buyer', { clientId: 'web-a' }), localState: 'sending' }], now)
    const [, sent] = buildRows([message(9, 'buyer', { clientId: 'web-a' })], now)
    expect(sending!.key).toBe(sent!.key)
  })
})
